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

/// The four formats Stride reads and writes, by the names people write for them: `todo.txt`, `TodoTxt` and `todo-txt`
/// are todo.txt; `tw` is Taskwarrior; `ics` and `icalendar` are iCalendar; `json` is Stride's own (its export's
/// name), and `stride` too. Case, dots, dashes, underscores and spaces are not told apart. Its raw value is the
/// format's name in `ImportFormat`.
enum FormatFamily: String {
  case stride, taskwarrior, todotxt, ical

  init?(spelled text: String) {
    let folded = String(text.lowercased().filter { !".-_ ".contains($0) })
    switch folded {
    case "json", "stride", "stridejson": self = .stride
    case "taskwarrior", "tw": self = .taskwarrior
    case "todotxt": self = .todotxt
    case "ical", "ics", "icalendar": self = .ical
    default: return nil
    }
  }
}

extension ExportFormat {
  /// The format a person named, however they spelled it (`FormatFamily`); nil when it names none.
  public init?(spelled text: String) {
    guard let family = FormatFamily(spelled: text) else { return nil }
    // Stride's own is `json` in an export's name.
    self.init(rawValue: family == .stride ? ExportFormat.json.rawValue : family.rawValue)
  }
}

extension ImportFormat {
  /// The format a person named, however they spelled it (`FormatFamily`); nil when it names none.
  public init?(spelled text: String) {
    guard let family = FormatFamily(spelled: text) else { return nil }
    self.init(rawValue: family.rawValue)
  }
}
