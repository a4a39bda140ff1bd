/**
 * The engine behind {@link dev.snowchat.sqlgate.GatedExecutor}: capped statement execution, the
 * cancel watchdog, value conversion and per-dialect session hardening. Not exported; everything
 * here may change without notice.
 */
@NullMarked
package dev.snowchat.sqlgate.internal.exec;

import org.jspecify.annotations.NullMarked;
