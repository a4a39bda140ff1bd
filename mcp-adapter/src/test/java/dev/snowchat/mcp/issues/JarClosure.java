package dev.snowchat.mcp.issues;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The classes of a jar that a set of root classes can reach, read from the class files'
 * constant pools: class references, type descriptors and signatures, class names and package
 * names written in string constants (how libraries load classes by name: Bouncy Castle's
 * provider, Arrow's allocator, gRPC's registries), and the providers of {@code META-INF/services}
 * files. Conservative: it follows every reference of a reached class, used or not, so what it
 * reaches is a superset of what can load at run time.
 */
final class JarClosure {
  private static final Pattern DESCRIPTOR_CLASS = Pattern.compile("L([^;<>()\\[]+)[;<]");
  private static final String VERSIONS = "META-INF/versions/";

  /** Class name (internal form) to its class-file entries (base and multi-release versions). */
  final Map<String, List<String>> classes = new HashMap<>();
  /** Package (internal form) to its classes. */
  final Map<String, Set<String>> packages = new HashMap<>();
  /** Service interface (internal form) to its providers. */
  final Map<String, List<String>> services = new HashMap<>();
  private final Path jar;
  private final Map<String, Refs> refs = new HashMap<>();

  /** What one class refers to. */
  record Refs(Set<String> classes, Set<String> strings) {}

  /** The result of a walk. */
  static final class Walk {
    /** Reached class to one class (or "service:", "string:" + class) it was reached from. */
    final Map<String, String> reached = new TreeMap<>();
    /** Referenced class (or "package:" + package) absent from the jar, to its referrers. */
    final Map<String, Set<String>> absent = new TreeMap<>();
  }

  JarClosure(Path jar) {
    this.jar = jar;
    try (ZipFile z = new ZipFile(jar.toFile())) {
      for (Enumeration<? extends ZipEntry> e = z.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        String n = entry.getName();
        if (n.startsWith("META-INF/services/") && !entry.isDirectory()) {
          List<String> providers = new ArrayList<>();
          for (String line : new String(z.getInputStream(entry).readAllBytes(),
              StandardCharsets.UTF_8).split("\n")) {
            String p = line.replaceFirst("#.*", "").strip();
            if (!p.isEmpty()) {
              providers.add(p.replace('.', '/'));
            }
          }
          services.put(n.substring("META-INF/services/".length()).replace('.', '/'), providers);
          continue;
        }
        if (!n.endsWith(".class") || n.endsWith("module-info.class")) {
          continue;
        }
        String cls = n.substring(0, n.length() - ".class".length());
        if (cls.startsWith(VERSIONS)) {
          cls = cls.substring(cls.indexOf('/', VERSIONS.length()) + 1);
        }
        classes.computeIfAbsent(cls, k -> new ArrayList<>()).add(n);
        int slash = cls.lastIndexOf('/');
        packages.computeIfAbsent(slash < 0 ? "" : cls.substring(0, slash),
            k -> new TreeSet<>()).add(cls);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Walks from the roots.
   *
   * @param roots the classes to start from
   * @param known class names that exist somewhere (this jar, or another version of it), so that
   *     a reference to one of them that this jar lacks is reported as absent
   * @param follow which reached classes to read further (others count as reached, unread)
   * @return what was reached, and the references to classes this jar lacks
   */
  Walk walk(Set<String> roots, Predicate<String> known, Predicate<String> follow) {
    Walk w = new Walk();
    Deque<String[]> todo = new ArrayDeque<>();
    roots.forEach(r -> todo.add(new String[] {r, "root"}));
    // Providers of the JDK's service interfaces (java.sql.Driver, java.security.Provider, ...)
    // can be loaded by the JDK itself.
    services.forEach((service, providers) -> {
      if (jdk(service)) {
        providers.forEach(p -> todo.add(new String[] {p, "service:" + service}));
      }
    });
    try (ZipFile z = new ZipFile(jar.toFile())) {
      while (!todo.isEmpty()) {
        String[] next = todo.poll();
        String c = next[0];
        if (w.reached.containsKey(c)) {
          continue;
        }
        if (!classes.containsKey(c)) {
          if (!jdk(c) && known.test(c)) {
            w.absent.computeIfAbsent(c, k -> new TreeSet<>()).add(next[1]);
          }
          continue;
        }
        w.reached.put(c, next[1]);
        if (!follow.test(c)) {
          continue;
        }
        for (String p : services.getOrDefault(c, List.of())) {
          todo.add(new String[] {p, "service:" + c});
        }
        Refs r = refs(z, c);
        for (String target : r.classes()) {
          if (!w.reached.containsKey(target)) {
            todo.add(new String[] {target, c});
          }
        }
        for (String s : r.strings()) {
          String name = s.replace('.', '/');
          if (classes.containsKey(name) || known.test(name)) {
            todo.add(new String[] {name, "string:" + c});
          } else if (name.endsWith("/") && name.length() > 1) {
            String pkg = name.substring(0, name.length() - 1);
            Set<String> members = packages.get(pkg);
            if (members != null) {
              members.forEach(m -> todo.add(new String[] {m, "string:" + c}));
            } else if (known.test("package:" + pkg)) {
              w.absent.computeIfAbsent("package:" + pkg, k -> new TreeSet<>()).add(c);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w;
  }

  /** {@return true when the name is a class, or "package:" + a package, of this jar} */
  boolean has(String name) {
    return name.startsWith("package:") ? packages.containsKey(name.substring(8))
        : classes.containsKey(name);
  }

  private Refs refs(ZipFile z, String cls) throws IOException {
    Refs cached = refs.get(cls);
    if (cached != null) {
      return cached;
    }
    Set<String> names = new LinkedHashSet<>();
    Set<String> strings = new LinkedHashSet<>();
    for (String entry : classes.get(cls)) {
      read(z.getInputStream(z.getEntry(entry)).readAllBytes(), names, strings);
    }
    Refs r = new Refs(names, strings);
    refs.put(cls, r);
    return r;
  }

  /** Reads a class file's constant pool into the class names and strings it holds. */
  static void read(byte[] classFile, Set<String> names, Set<String> strings) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    in.readInt(); // magic
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    List<Integer> classIndexes = new ArrayList<>();
    List<Integer> stringIndexes = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classIndexes.add(in.readUnsignedShort());
        case 8 -> stringIndexes.add(in.readUnsignedShort());
        case 16, 19, 20 -> in.readUnsignedShort();
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++;
        }
        case 15 -> {
          in.readUnsignedByte();
          in.readUnsignedShort();
        }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    for (int idx : classIndexes) {
      String n = utf8[idx];
      if (n.startsWith("[")) {
        descriptorClasses(n, names);
      } else {
        names.add(n);
      }
    }
    // Field and method descriptors, generic signatures, annotation types: every UTF-8 constant
    // shaped like a descriptor. A string that only looks like one names no class of the jar.
    for (String s : utf8) {
      if (s != null && !s.isEmpty() && "(L[".indexOf(s.charAt(0)) >= 0 && s.indexOf(';') > 0
          && s.indexOf(' ') < 0) {
        descriptorClasses(s, names);
      }
    }
    for (int idx : stringIndexes) {
      String s = utf8[idx];
      if (s.length() > 2 && s.length() < 300 && s.indexOf(' ') < 0
          && (s.indexOf('.') > 0 || s.indexOf('/') > 0)) {
        strings.add(s);
      }
    }
  }

  private static void descriptorClasses(String descriptor, Set<String> names) {
    Matcher m = DESCRIPTOR_CLASS.matcher(descriptor);
    while (m.find()) {
      names.add(m.group(1));
    }
  }

  private static final Map<String, Boolean> JDK = new HashMap<>();

  /** {@return true for a class of the running JDK} */
  static synchronized boolean jdk(String cls) {
    return JDK.computeIfAbsent(cls, c -> ClassLoader.getPlatformClassLoader()
        .getResource(c + ".class") != null);
  }

  /** {@return the classes of this jar under a prefix} */
  Set<String> classesUnder(String prefix, String... except) {
    Set<String> out = new TreeSet<>();
    for (String c : classes.keySet()) {
      if (c.startsWith(prefix) && java.util.Arrays.stream(except).noneMatch(c::startsWith)) {
        out.add(c);
      }
    }
    return out;
  }

  /** {@return every name in this jar, classes and "package:" + packages} */
  Set<String> names() {
    Set<String> out = new HashSet<>(classes.keySet());
    packages.keySet().forEach(p -> out.add("package:" + p));
    return out;
  }
}
