import Foundation
import StrideBase
import StrideModel

/// Reads iCalendar (RFC 5545) text: content lines, components, TEXT, DATE and DATE-TIME values. `VTodo.read` makes
/// a task's fields of a VTODO with it, for sync and import alike; Docs/interop.md says how each property maps.
package enum ICalendarReader {
  /// One content line: `NAME;PARAM=VALUE:value`, with the name and parameters upper-cased.
  package struct Property: Equatable {
    package var name: String
    package var parameters: [String: String]
    package var value: String

    package init(name: String, parameters: [String: String], value: String) {
      (self.name, self.parameters, self.value) = (name, parameters, value)
    }
  }

  /// One component: its properties and the components inside it.
  package struct Component {
    package var name: String
    package var properties: [Property] = []
    package var children: [Component] = []

    package func first(_ name: String) -> Property? { properties.first { $0.name == name } }
    package func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
  }

  /// Whether the text is an iCalendar object (its first line opens a VCALENDAR).
  package static func looksLikeICalendar(_ data: Data) -> Bool {
    // A byte order mark before it (as Windows programs write one) is no part of the text.
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let start = data.starts(with: bom) ? data.dropFirst(3) : data[...]
    let head = String(decoding: start.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return head.uppercased().hasPrefix("BEGIN:VCALENDAR")
  }

  /// Lines unfolded (a line that starts with a space or a tab continues the one before), without their CR.
  package static func unfold(_ text: String) -> [String] {
    var lines: [String] = []
    // Bytes, not Characters: a calendar of megabytes is read in a fraction of the time. CR, LF and CRLF all end a
    // line (a content line cannot hold a bare CR); empty lines are dropped and do not end a folded one.
    var logical: [UInt8] = []
    var started = false
    func flush() {
      if started { lines.append(String(decoding: logical, as: UTF8.self)) }
      logical.removeAll(keepingCapacity: true)
    }
    var segment: [UInt8] = []
    func take() {
      defer { segment.removeAll(keepingCapacity: true) }
      guard let first = segment.first else { return }
      if (first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")) && started {
        logical += segment.dropFirst()
      } else {
        flush()
        logical += segment
        started = true
      }
    }
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { take() } else { segment.append(byte) }
    }
    take()
    flush()
    return lines
  }

  /// A content line; nil when it has no colon after its name.
  package static func property(_ line: String) -> Property? {
    var inQuotes = false
    var colon: String.Index?
    let bytes = line.utf8
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
      if byte == UInt8(ascii: ":") && !inQuotes {
        colon = index
        break
      }
    }
    guard let colon else { return nil }
    // The parts before the colon, split on ';' by byte (each is ASCII, so every split falls between characters).
    var parts: [Substring] = []
    var partStart = line.startIndex
    for index in bytes[..<colon].indices where bytes[index] == UInt8(ascii: ";") {
      if partStart < index { parts.append(line[partStart..<index]) }
      partStart = bytes.index(after: index)
    }
    if partStart < colon { parts.append(line[partStart..<colon]) }
    guard let name = parts.first, !name.isEmpty else { return nil }
    var parameters: [String: String] = [:]
    for parameter in parts.dropFirst() {
      guard let equals = parameter.utf8.firstIndex(of: UInt8(ascii: "=")), equals > parameter.startIndex,
        parameter.utf8.index(after: equals) < parameter.endIndex
      else { continue }
      let value = parameter[parameter.utf8.index(after: equals)...]
      parameters[upper(parameter[..<equals])] = trimmed(value) { $0 == "\"" }
    }
    return Property(name: upper(name), parameters: parameters, value: String(line[line.utf8.index(after: colon)...]))
  }

  /// Text without spaces at either end (as Foundation's `.whitespaces`, line breaks kept). Foundation's trimming
  /// goes through NSString, which a calendar of megabytes paid for on every line.
  package static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
    trimmed(text) { $0.isWhitespace && !$0.isNewline }
  }

  /// Text without the characters `drop` accepts at either end.
  package static func trimmed<Text: StringProtocol>(_ text: Text, where drop: (Character) -> Bool) -> String {
    var slice = Substring(text)
    while let first = slice.first, drop(first) { slice.removeFirst() }
    while let last = slice.last, drop(last) { slice.removeLast() }
    return String(slice)
  }

  /// A name in upper case; most are already, and checking is far cheaper than case mapping.
  private static func upper(_ name: Substring) -> String {
    let plain = name.utf8.allSatisfy { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) && $0 < 0x80 }
    return plain ? String(name) : name.uppercased()
  }

  /// The components of the text, nested as written; an unbalanced BEGIN/END is an error that names its line.
  package static func components(_ text: String) throws(StrideError) -> [Component] {
    var stack: [Component] = []
    var top: [Component] = []
    for (number, line) in unfold(text).enumerated() {
      guard let property = property(line) else {
        throw StrideError.invalid("this is not iCalendar: line \(number + 1) has no ':' (\(line.prefix(40)))")
      }
      switch property.name {
      case "BEGIN":
        stack.append(Component(name: property.value.uppercased()))
      case "END":
        guard let component = stack.popLast(), component.name == property.value.uppercased() else {
          throw StrideError.invalid(
            "this is not iCalendar: END:\(property.value.prefix(20)) on line \(number + 1) closes nothing")
        }
        if stack.isEmpty { top.append(component) } else { stack[stack.count - 1].children.append(component) }
      default:
        guard !stack.isEmpty else {
          throw StrideError.invalid("this is not iCalendar: line \(number + 1) is outside BEGIN:VCALENDAR")
        }
        stack[stack.count - 1].properties.append(property)
      }
    }
    guard stack.isEmpty else {
      throw StrideError.invalid("this iCalendar file ends inside \(stack.last!.name.prefix(20)); it may be cut short")
    }
    return top
  }

  /// TEXT values: `\n`, `\,`, `\;` and `\\` unescaped.
  package static func unescape(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\r" || character == "\r\n" {
        // TEXT has no carriage return (RFC 5545); a stray one is a line break, as Stride writes it.
        result.append("\n")
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A DATE or DATE-TIME value: UTC (`…Z`), with a TZID, or floating (read in `timeZone`). A DATE alone is that
  /// day at `dateOnly`.
  package static func date(_ property: Property, timeZone: TimeZone, dateOnly: ClockTime) -> Date? {
    let value = trimmed(property.value)
    let zone = property.parameters["TZID"].flatMap(TimeZone.init(identifier:)) ?? timeZone
    let calendar = LocalCalendar(timeZone: zone)
    let digits = Array(value.utf8)
    func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
    guard digits.count >= 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let civil = CivilDate(year: year, month: month, day: day)
    else { return nil }
    if digits.count == 8 { return calendar.date(civil, dateOnly) }
    guard digits.count >= 15, digits[8] == UInt8(ascii: "T"), let hour = number(9..<11),
      let minute = number(11..<13), let second = number(13..<15), let clock = ClockTime(hour: hour, minute: minute)
    else { return nil }
    if value.hasSuffix("Z") { return Timestamp.parseBasic(String(value.prefix(15)) + "Z") }
    return calendar.date(civil, clock).addingTimeInterval(TimeInterval(second))
  }

  /// A list value split on unescaped commas.
  package static func unescapedList(_ value: String) -> [String] {
    var items: [String] = []
    var current = ""
    var escaped = false
    for character in value {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "," {
        items.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    items.append(current)
    return items.map { trimmed($0) }.filter { !$0.isEmpty }
  }
}
