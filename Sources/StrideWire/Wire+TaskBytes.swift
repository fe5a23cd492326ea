import StrideBase
import StrideJSON

// What a task holds, and a page of a listing, written straight to bytes (`JSONBytesWritable`): each object's keys in
// the order of their UTF-8 bytes, so the bytes are those `JSONWriter` writes of the same value's `json` (the trees in
// Wire+TaskJSON.swift), which `WireTaskTests` holds them to. The task itself is written in Wire+Task.swift.

extension TaskID: JSONBytesWritable {
  public func write(to json: inout JSONBytes) { json.integer(rawValue) }
}

extension Timestamp: JSONBytesWritable {
  public func write(to json: inout JSONBytes) { json.string(rfc3339) }
}

extension StepProgress: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("done", done)
      json.member("total", total)
    }
  }
}

extension Wire.Step: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("completedAt", completedAt)
      json.member("done", done)
      json.member("index", index)
      json.member("title", title)
    }
  }
}

extension Wire.Deferral: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("at", at)
      json.member("energy", energy?.rawValue)
      json.member("reason", reason.rawValue)
      json.member("until", until)
    }
  }
}

extension Wire.Note: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("at", at)
      json.member("text", text)
    }
  }
}

extension Wire.Repeat: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("afterDone", afterDone)
      json.member(ifPresent: "missed", missed)
      json.member("rule", rule)
      json.member("words", words)
    }
  }
}

extension TaskSaid: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member(ifPresent: "backOn", backOn)
      json.member("created", created)
      json.member(ifPresent: "deferral", deferral)
      json.member(ifPresent: "done", done)
      json.member(ifPresent: "due", due)
      json.member(ifPresent: "focus", focus)
      json.member(ifPresent: "followUp", followUp)
      json.member(ifPresent: "missed", missed)
      json.member("notes", notes)
      json.member(ifPresent: "start", start)
    }
  }
}

extension SearchFound: JSONBytesWritable {
  /// As its Codable writes it: a field without a value left out.
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member(ifPresent: "excerpt", excerpt)
      json.member(ifPresent: "place", place)
      json.member("title", title)
    }
  }
}

extension Wire.ListColumns: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("largestID", largestID)
      json.member("lists", lists)
    }
  }
}

extension Wire.TaskListResult: JSONBytesWritable {
  /// A listing, or a page of one, as its Codable writes it: a field without a value left out.
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member(ifPresent: "columns", columns)
      json.member(ifPresent: "found", found)
      json.member(ifPresent: "statuses", statuses)
      json.member("tasks", tasks)
    }
  }
}
