import Foundation

@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// What a CalDAV server sends: a resource's iCalendar text, and WebDAV's XML answers.
enum SyncTargets {
  /// A VTODO read from a server and written back is read again as the same task or step, with every line Stride
  /// does not own kept as it came.
  static func vtodo(_ bytes: [UInt8]) {
    let (zone, text) = ParserTargets.split(bytes)
    guard let parsed = try? VTodo.parse(text, timeZone: zone) else { return }
    let created = parsed.created ?? reference
    let modified = parsed.modified ?? reference
    let written =
      if let parent = parsed.parent {
        VTodo.text(
          step: parsed.step, position: parsed.position ?? 1, parent: parent, modified: modified, now: reference,
          server: parsed)
      } else {
        VTodo.text(
          task: parsed.fields, uid: parsed.uid, created: created, modified: modified, now: reference, timeZone: zone,
          server: parsed)
      }
    let again: VTodo.Parsed?
    do {
      again = try VTodo.parse(written, timeZone: zone)
    } catch {
      require(false, "Stride's own VTODO is refused: \(error)\n\(written)")
      return
    }
    guard let again else {
      require(false, "Stride's own VTODO has no VTODO:\n\(written)")
      return
    }
    require(again.uid == parsed.uid, "the UID changed: \(parsed.uid.debugDescription) → \(again.uid.debugDescription)")
    require(again.parent == parsed.parent, "the parent changed")
    if parsed.parent == nil {
      require(again.fields == parsed.fields, "the task changed:\n\(parsed.fields)\n\(again.fields)\n\(written)")
    } else {
      require(again.step == parsed.step, "the step changed:\n\(parsed.step)\n\(again.step)\n\(written)")
    }
    require(again.keptLines == parsed.keptLines, "lines Stride does not own changed:\n\(written)")
  }

  /// Any XML gives an element tree or nil; a tree written back as XML reads as the same tree; and a multistatus
  /// gives responses with a non-empty href. (An href is decoded once, as the server wrote it; decoding it again is not
  /// asked of it: `a%2541` is `a%41`, then `aA`.)
  static func davXML(_ bytes: [UInt8]) {
    let data = Data(bytes)
    if let tree = DAVElement.parse(data) {
      let written = xml(tree)
      let again = DAVElement.parse(Data(written.utf8))
      require(again.map { same(tree, $0) } == true, "a tree written back reads differently:\n\(written)")
    }
    guard let (responses, _) = DAVResponse.multistatus(data) else { return }
    for response in responses {
      require(!response.href.isEmpty, "a response with an empty href")
    }
  }

  /// An element as XML: its namespace as the default one, its attributes in a namespace of their own (so that
  /// none is read as a declaration), its text, then its children.
  static func xml(_ element: DAVElement) -> String {
    func escaped(_ text: String) -> String {
      var out = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case "\"": out += "&quot;"
        case "\r", "\n", "\t": out += "&#\(scalar.value);"
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    let attributes = element.attributes.sorted { $0.key < $1.key }.map { " a:\($0.key)=\"\(escaped($0.value))\"" }
    return "<\(element.name) xmlns=\"\(escaped(element.namespace))\" xmlns:a=\"urn:a\"\(attributes.joined())>"
      + escaped(element.text) + element.children.map(xml).joined() + "</\(element.name)>"
  }

  static func same(_ one: DAVElement, _ other: DAVElement) -> Bool {
    one.name == other.name && one.namespace == other.namespace && one.attributes == other.attributes
      && one.text == other.text && one.children.count == other.children.count
      && zip(one.children, other.children).allSatisfy { same($0, $1) }
  }
}
