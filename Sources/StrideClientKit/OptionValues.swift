import StrideBase
import StrideManual
import StrideWire

/// A type an option's value can be, read from the word given on the command line (`--energy low`): a word it
/// cannot be is refused in one sentence that names the option and what would do.
package protocol OptionValue {
  init(_ text: String, for option: String) throws(UsageError)
  /// The words it can be, where they are a fixed set (the completion scripts offer them); nil when any may be.
  static var completions: [String]? { get }
}

extension OptionValue where Self: RawRepresentable & CaseIterable, RawValue == String {
  package static var completions: [String]? { allCases.map(\.rawValue) }
}

extension WireEnum {
  /// The value `text` names, or a refusal that says what the option was given and what would do: "--type 'x' is
  /// not a type; use one of obligation, goal, chore".
  package static func named(_ text: String, for option: String, isNot noun: String, use choices: String? = nil)
    throws(UsageError) -> Self
  {
    guard let value = Self(rawValue: text) else {
      throw UsageError("\(option) '\(text)' is not \(noun); use \(choices ?? "one of \(validWords)")")
    }
    return value
  }
}

extension String: OptionValue {
  package init(_ text: String, for option: String) { self = text }
  package static var completions: [String]? { nil }
}

extension EnergyLevel: OptionValue {
  /// Also `stride energy LEVEL`'s word, which `option` names then.
  package init(_ text: String, for option: String) throws(UsageError) {
    guard let energy = EnergyLevel(word: text) else {
      throw UsageError("\(option) '\(text)' is not an energy level; use low, medium or high")
    }
    self = energy
  }
}

extension TaskType: OptionValue {
  package init(_ text: String, for option: String) throws(UsageError) {
    self = try .named(text, for: option, isNot: "a type")
  }
}

extension ListStatus: OptionValue {
  /// `done` is `completed`, as people say it.
  package init(_ text: String, for option: String) throws(UsageError) {
    self = try .named(text == "done" ? "completed" : text, for: option, isNot: "a status")
  }
}

extension ListSort: OptionValue {
  package init(_ text: String, for option: String) throws(UsageError) {
    guard let sort = ListSort(text) else {
      throw UsageError("\(option) '\(text)' is not an order; use one of \(ListSort.validWords), like \(option) -due")
    }
    self = sort
  }

  package static var completions: [String]? { ListSortKey.allCases.flatMap { [$0.rawValue, "-" + $0.rawValue] } }
}

extension DeferReason: OptionValue {
  package init(_ text: String, for option: String) throws(UsageError) {
    self = try .named(text, for: option, isNot: "a defer reason")
  }
}

extension ExportFormat: OptionValue {
  /// Any common spelling of a format (`todo.txt`, `ICS`, `tw`); a refusal lists the canonical names.
  package init(_ text: String, for option: String) throws(UsageError) {
    guard let format = ExportFormat(spelled: text) else {
      self = try .named(text, for: option, isNot: "an export format", use: ExportFormat.validWords)
      return
    }
    self = format
  }
}

extension ImportFormat: OptionValue {
  /// Any common spelling of a format (`todo.txt`, `ICS`, `tw`, `json`); a refusal lists the canonical names.
  package init(_ text: String, for option: String) throws(UsageError) {
    guard let format = ImportFormat(spelled: text) else {
      self = try .named(text, for: option, isNot: "a format Stride imports", use: ImportFormat.validWords)
      return
    }
    self = format
  }
}

extension ManPage: OptionValue {
  package init(_ text: String, for option: String) throws(UsageError) {
    guard let page = ManPage(rawValue: text) else {
      let names = ManPage.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("there is no manual page '\(text)'; the pages are \(names)")
    }
    self = page
  }
}

extension TaskID: OptionValue {
  /// Another task (`--on 7`): a task, not a step.
  package init(_ text: String, for option: String) throws(UsageError) {
    guard let other = TaskAddress(text), other.step == nil else {
      throw UsageError("\(option) '\(text)' is not a task id; write a task number like 7")
    }
    self = other.id
  }

  /// The completion scripts ask `stride completions ids` for the open tasks.
  package static var completions: [String]? { ["ids"] }
}

/// Readings an option's declaration gives its word, where the value's type alone does not say enough.
package enum OptionReader {
  /// A length of time in minutes (`--for 20m`, `1h30m`, `45`), above zero.
  package static func minutes(_ word: OptionWord) throws(UsageError) -> Int {
    let (text, option) = (word.text, word.option)
    guard let minutes = Int(text).flatMap({ $0 > 0 ? $0 : nil }) ?? Durations.minutes(text) else {
      // "0m" and "0" are lengths of time, but no task takes none.
      if Int(text) == 0 || Durations.seconds(text) == 0 {
        throw UsageError(
          "\(option) '\(text)' is no time at all; give a length above zero, like 5m (or none to clear it)")
      }
      throw UsageError("\(option) '\(text)' is not a length of time; write it like 20m, 1h30m or 45")
    }
    return minutes
  }

  /// How many to show (`--limit 20`): a positive number of `what`, like "tasks".
  package static func count(of what: String) -> (OptionWord) throws(UsageError) -> Int {
    { word throws(UsageError) in
      guard let number = Int(word.text), number > 0 else {
        throw UsageError("\(word.option) '\(word.text)' is not a number of \(what); give one like \(word.option) 20")
      }
      return number
    }
  }

  /// Words separated by commas (`--tags home,errands`), each without the spaces around it when `trimmed`.
  package static func commaSeparated(trimmed: Bool) -> (OptionWord) -> [String] {
    { word in word.text.split(separator: ",").map { trimmed ? $0.trimmingWhitespace : String($0) } }
  }

  /// Words to search for (`--search lease`): a letter or a digit at least, as the daemon reads the words.
  package static func searchWords(_ word: OptionWord) throws(UsageError) -> String {
    guard word.text.hasWordToSearchFor else {
      throw UsageError(
        "\(word.option) '\(word.text)' has no word to look for; give one or more words, like \(word.option) lease")
    }
    return word.text
  }
}

extension String {
  /// Whether a search holds a word to look for: a letter or a digit (the daemon reads the words themselves).
  package var hasWordToSearchFor: Bool {
    contains { $0.isLetter || $0.isNumber }
  }
}
