/// The formats `task.export` writes.
public enum ExportFormat: String, WireEnum, Sendable {
  /// Stride's own: every field of every task, re-importable as it was.
  case json
  /// Taskwarrior's `task import` JSON.
  case taskwarrior
  /// One line per task, as todo.txt has it.
  case todotxt
  /// iCalendar VTODO components (RFC 5545), for calendar and reminder apps.
  case ical
}

/// The formats `task.import` reads.
public enum ImportFormat: String, WireEnum, Sendable {
  case stride
  case taskwarrior
  case todotxt
  /// iCalendar VTODO components (RFC 5545): what calendar and reminder apps export.
  case ical
}
