import Foundation

@testable import StrideCore
@testable import StrideSync

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
          task: parsed.fields, uid: parsed.uid, created: created, modified: modified, now: reference, server: parsed)
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

  /// Any XML gives an element tree or nil, and a multistatus gives responses with a non-empty href. (An href is
  /// decoded once, as the server wrote it; decoding it again is not asked of it: `a%2541` is `a%41`, then `aA`.)
  static func davXML(_ bytes: [UInt8]) {
    let data = Data(bytes)
    _ = DAVElement.parse(data)
    guard let (responses, _) = DAVResponse.multistatus(data) else { return }
    for response in responses {
      require(!response.href.isEmpty, "a response with an empty href")
    }
  }
}
