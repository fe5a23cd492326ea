import Foundation
import StrideBase
import StrideJSON
import StrideModel

// A task written by hand (`JSONEncodableByHand`): the same JSON as `StrideTask.encode(to:)`, field for field, null
// for null, with `said` when the encoder has a speaker. Every reply that holds a task, every history row and every
// announcement writes one or more; TaskJSONTests holds the two ways to the same bytes, for a capture's draft too.

extension StrideTask: JSONEncodableByHand {
  public func json(userInfo: [CodingUserInfoKey: Any]) -> JSONValue {
    var fields: [String: JSONValue] = [
      "id": .integer(id.rawValue), "title": .string(title), "rawInput": .string(rawInput),
      "energy": .string(energy.rawValue), "estimateMinutes": .orNull(estimateMinutes.map { .integer(Int64($0)) }),
      "status": .string(status.rawValue), "type": .string(type.rawValue),
      "subtasks": .array(
        subtasks.enumerated().map { index, step in
          .object([
            "index": .integer(Int64(index + 1)), "title": .string(step.title), "done": .bool(step.done),
            "completedAt": .time(step.completedAt),
          ])
        }),
      "progress": .object(["done": .integer(Int64(progress.done)), "total": .integer(Int64(progress.total))]),
      "blockedBy": .array(blockedBy.map { .integer($0.rawValue) }), "due": .time(due), "start": .time(start),
      "tags": .array(tags.map(JSONValue.string)), "deferral": .orNull(deferral.map(\.json)),
      "deferCount": .integer(Int64(deferCount)), "deferrals": .array(deferrals.map(\.json)),
      "waitingFor": .orNull(waitingFor.map(JSONValue.string)), "followUp": .time(followUp),
      "createdAt": .time(createdAt), "updatedAt": .time(updatedAt), "completedAt": .time(completedAt),
      "repeat": .orNull(
        recurrence.map { rule in
          .fields([
            "rule": .string(rule.rrule), "afterDone": .bool(rule.afterDone), "words": .string(rule.words),
            "missed": .integer(Int64(missed)),
          ])
        }),
      "pinned": .bool(pinned),
      "notes": .array(notes.map { .object(["at": .time($0.at), "text": .string($0.text)]) }),
      "list": .orNull(list.map(JSONValue.string)),
    ]
    if let said = (userInfo[.speaker] as? Speaker).map({ TaskSaid(self, $0) }) ?? said { fields["said"] = said.json }
    return .object(fields)
  }
}

// A capture's reply, the draft in it too: the commonest change's reply.
extension TaskCapture.Result: JSONEncodableByHand {
  public func json(userInfo: [CodingUserInfoKey: Any]) -> JSONValue {
    .fields([
      "task": task.map { $0.json(userInfo: userInfo) }, "draft": draft.map { $0.json(userInfo: userInfo) },
      "duplicateOf": duplicateOf.map { .integer($0.rawValue) }, "missingList": missingList.map { .string($0) },
    ])
  }
}

extension TaskDraft: JSONEncodableByHand {
  public func json(userInfo: [CodingUserInfoKey: Any]) -> JSONValue {
    var fields: [String: JSONValue] = [
      "title": .string(title), "rawInput": .string(rawInput), "steps": .array(steps.map(JSONValue.string)),
      "energy": .string(energy.rawValue), "estimateMinutes": .orNull(estimateMinutes.map { .integer(Int64($0)) }),
      "type": .string(type.rawValue), "due": .time(due), "start": .time(start),
      "tags": .array(tags.map(JSONValue.string)),
      "spans": .array(
        spans.map { span in
          var fields: [String: JSONValue] = [
            "field": .string(span.field.rawValue), "text": .string(span.text), "start": .integer(Int64(span.start)),
            "end": .integer(Int64(span.end)),
          ]
          if let reason = span.reason { fields["reason"] = .string(reason) }
          return .object(fields)
        }),
      "list": .orNull(list.map(JSONValue.string)),
      "repeat": .orNull(
        recurrence.map { rule in
          .object(["rule": .string(rule.rrule), "afterDone": .bool(rule.afterDone), "words": .string(rule.words)])
        }),
    ]
    if let said = (userInfo[.speaker] as? Speaker).map({ DraftSaid(self, $0) }) ?? said {
      fields["said"] = .fields([
        "due": said.due.map(JSONValue.string), "start": said.start.map(JSONValue.string),
        "readAs": said.readAs.map(JSONValue.string), "passed": said.passed.map(JSONValue.string),
      ])
    }
    return .object(fields)
  }
}

extension Deferral {
  var json: JSONValue {
    .object([
      "reason": .string(reason.rawValue), "at": .time(at), "until": .time(until),
      "energy": .orNull(energy.map { .string($0.rawValue) }),
    ])
  }
}

extension TaskSaid {
  var json: JSONValue {
    .fields([
      "due": due.map(JSONValue.string), "start": start.map(JSONValue.string),
      "followUp": followUp.map(JSONValue.string), "created": .string(created), "done": done.map(JSONValue.string),
      "backOn": backOn.map(JSONValue.string), "deferral": deferral.map(JSONValue.string),
      "missed": missed.map(JSONValue.string), "notes": .array(notes.map(JSONValue.string)),
    ])
  }
}

extension JSONValue {
  /// A value, or `null` for none (what Codable's `encode` writes of a nil optional; `encodeIfPresent` leaves it out).
  static func orNull(_ value: JSONValue?) -> JSONValue { value ?? .null }

  /// A moment as the wire writes it (`Timestamp`), or `null`.
  static func time(_ date: Date?) -> JSONValue { date.map { .string(Timestamp($0).rfc3339) } ?? .null }
}
