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
    let head = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return head.uppercased().hasPrefix("BEGIN:VCALENDAR")
  }

  /// Lines unfolded (a line that starts with a space or a tab continues the one before), without their CR.
  package static func unfold(_ text: String) -> [String] {
    var lines: [String] = []
    // "\r\n" is one Character in Swift: split on both forms, and on a bare CR, which a content line cannot hold.
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { "\n\r".contains($0) || $0 == "\r\n" }) {
      let line = Substring(raw)
      if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += line.dropFirst()
      } else if !line.isEmpty {
        lines.append(String(line))
      }
    }
    return lines
  }

  /// A content line; nil when it has no colon after its name.
  package static func property(_ line: String) -> Property? {
    var inQuotes = false
    var colon: String.Index?
    for index in line.indices {
      let character = line[index]
      if character == "\"" { inQuotes.toggle() }
      if character == ":" && !inQuotes {
        colon = index
        break
      }
    }
    guard let colon else { return nil }
    let head = line[..<colon].split(separator: ";")
    guard let name = head.first, !name.isEmpty else { return nil }
    var parameters: [String: String] = [:]
    for parameter in head.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    return Property(name: name.uppercased(), parameters: parameters, value: String(line[line.index(after: colon)...]))
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
    let value = property.value.trimmingCharacters(in: .whitespaces)
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
    return items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
