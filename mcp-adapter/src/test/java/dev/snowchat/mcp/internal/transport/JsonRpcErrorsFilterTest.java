package dev.snowchat.mcp.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A POST body that is not JSON is answered -32700 by the filter, never handed to the SDK's
 * transport (which answered it too, but logged an ERROR line per request); a JSON body reaches
 * the transport intact.
 */
class JsonRpcErrorsFilterTest {
  record Exchange(AtomicReference<String> forwarded, AtomicInteger status,
      ByteArrayOutputStream out) {}

  static Exchange run(String body) throws Exception {
    return run(body, new HttpGuard(1 << 20, 16, new HttpSessions(1000,
        java.time.Duration.ofMinutes(30), System::nanoTime)), null);
  }

  static Exchange run(String body, HttpGuard guard, FilterChain sdk) throws Exception {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ByteArrayInputStream in = new ByteArrayInputStream(bytes);
    ServletInputStream sin = new ServletInputStream() {
      @Override
      public boolean isFinished() {
        return in.available() == 0;
      }

      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setReadListener(ReadListener l) {}

      @Override
      public int read() {
        return in.read();
      }
    };
    HttpServletRequest req = (HttpServletRequest) Proxy.newProxyInstance(
        HttpServletRequest.class.getClassLoader(), new Class<?>[] {HttpServletRequest.class},
        (p, m, a) -> switch (m.getName()) {
          case "getMethod" -> "POST";
          case "getContentLengthLong" -> (long) bytes.length;
          case "getInputStream" -> sin;
          default -> null;
        });
    Exchange x = new Exchange(new AtomicReference<>(), new AtomicInteger(),
        new ByteArrayOutputStream());
    ServletOutputStream sout = new ServletOutputStream() {
      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setWriteListener(WriteListener l) {}

      @Override
      public void write(int b) {
        x.out().write(b);
      }
    };
    HttpServletResponse res = (HttpServletResponse) Proxy.newProxyInstance(
        HttpServletResponse.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class},
        (p, m, a) -> {
          if (m.getName().equals("setStatus")) {
            x.status().set((Integer) a[0]);
          }
          return m.getName().equals("getOutputStream") ? sout
              : m.getReturnType() == boolean.class ? false : null;
        });
    FilterChain chain = (rq, rs) -> {
      x.forwarded().set(new String(((HttpServletRequest) rq).getInputStream().readAllBytes(),
          StandardCharsets.UTF_8));
      if (sdk != null) {
        sdk.doFilter(rq, rs);
      }
    };
    guard.doFilter(req, res, chain);
    return x;
  }

  @Test
  void notJson_isAnsweredHere_neverReachesTheTransport() throws Exception {
    Exchange x = run("hello");
    assertThat(x.forwarded().get()).isNull();
    assertThat(x.status().get()).isEqualTo(400);
    assertThat(x.out().toString(StandardCharsets.UTF_8)).contains("-32700")
        .doesNotContain("hello");
  }

  @Test
  void json_reachesTheTransportIntact() throws Exception {
    String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    assertThat(run(body).forwarded().get()).isEqualTo(body);
  }

  /**
   * A session is known as soon as the SDK names it in the initialize answer's header, before the
   * answer is done: a client sends its next request (initialized, the listening GET) as soon as
   * it reads the answer. Recorded after the SDK returned, that request raced the recording and
   * was 404 at times (the SDK's own client then ended the session).
   */
  @Test
  void initialize_sessionIsKnownOnceTheSdkNamesIt_beforeTheAnswerEnds() throws Exception {
    HttpSessions sessions = new HttpSessions(10, java.time.Duration.ofMinutes(30),
        System::nanoTime);
    AtomicReference<HttpSessions.Entry> nextRequest = new AtomicReference<>();
    FilterChain sdk = (rq, rs) -> {
      ((HttpServletResponse) rs).setHeader("Mcp-Session-Id", "s1");
      nextRequest.set(sessions.use("s1", "")); // the client read the header already
    };
    run("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}",
        new HttpGuard(1 << 20, 16, sessions), sdk);
    assertThat(nextRequest.get()).isNotNull();
    assertThat(sessions.size()).isEqualTo(1);
  }
}
