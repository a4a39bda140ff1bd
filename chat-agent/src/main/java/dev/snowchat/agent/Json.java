package dev.snowchat.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/** JSON helpers: immutable deep copies that keep nulls, and compact writing. */
final class Json {
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private Json() {}

  /** Copies a JSON object deeply into unmodifiable maps and lists; null values are kept. */
  static Map<String, Object> copy(Map<String, ?> map) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : map.entrySet()) {
      if (e.getKey() == null) {
        throw new NullPointerException("JSON object key is null");
      }
      out.put(e.getKey(), copyValue(e.getValue()));
    }
    return Collections.unmodifiableMap(out);
  }

  @SuppressWarnings("unchecked")
  static @Nullable Object copyValue(@Nullable Object v) {
    if (v instanceof Map<?, ?> m) {
      return copy((Map<String, ?>) m);
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object o : l) {
        out.add(copyValue(o));
      }
      return Collections.unmodifiableList(out);
    }
    return v;
  }

  /** Writes a value as compact JSON; a value Jackson cannot write becomes its string form. */
  static String write(@Nullable Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (RuntimeException e) {
      return String.valueOf(value);
    }
  }
}
