import StrideBase
import StrideJSON

// The params a client sends with most commands (its context, a now-list question, a capture, a task's id), written
// by hand: see `JSONWritable`. WireParityTests writes each both ways and expects the same bytes.

extension RequestID {
  public var json: JSONValue {
    switch self {
    case .number(let number): .integer(number)
    case .string(let text): .string(text)
    }
  }
}

extension ClientContext.Params: JSONWritable {
  public var json: JSONValue {
    .fields([
      "timeZone": timeZone.map(JSONValue.string), "dateOrder": dateOrder.map { .string($0.rawValue) },
      "said": said.map(JSONValue.bool),
    ])
  }
}

extension Wire.NowList.Params: JSONWritable {
  public var json: JSONValue {
    .fields([
      "at": at.map { .string($0.rfc3339) }, "energy": energy.map { .string($0.rawValue) },
      "minutes": minutes.map { .integer(Int64($0)) }, "limit": limit.map { .integer(Int64($0)) },
      "tags": tags.map { .array($0.map(JSONValue.string)) }, "list": list.map(JSONValue.string),
      "all": all.map(JSONValue.bool), "timeZone": timeZone.map(JSONValue.string), "terms": terms.map(JSONValue.bool),
      "eventTitles": eventTitles.map(JSONValue.bool),
    ])
  }
}

extension Wire.TaskCapture.Params: JSONWritable {
  public var json: JSONValue {
    .fields([
      "text": .string(text), "dryRun": dryRun.map(JSONValue.bool), "dateOrder": dateOrder.map { .string($0.rawValue) },
      "timeZone": timeZone.map(JSONValue.string),
    ])
  }
}

extension TaskRef: JSONWritable {
  public var json: JSONValue { .object(["id": .integer(id.rawValue)]) }
}
