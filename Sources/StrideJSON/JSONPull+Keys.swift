/// The keys a reader of an object knows, in the order a writer writes them: matched by their bytes as written, so a
/// long listing's every key is found without being made a `String`.
public struct JSONKeys: Sendable {
  /// Every key's bytes one after another, and where each starts (and, last, where the last ends).
  private let bytes: [UInt8]
  private let starts: [Int]

  public init(_ keys: [String]) {
    bytes = keys.flatMap(\.utf8)
    starts = keys.reduce(into: [0]) { starts, key in starts.append(starts.last! + key.utf8.count) }
  }

  /// No keys: every member is passed over.
  public static let none = JSONKeys([])

  /// The place of `key` (its bytes, unescaped), looked for from `hint` on first, then before it; nil when it is none
  /// of these.
  func place(of key: UnsafeBufferPointer<UInt8>, from hint: Int) -> Int? {
    let count = starts.count - 1
    let hint = min(hint, count)
    return bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        func matches(_ place: Int) -> Bool {
          let start = starts[place]
          guard starts[place + 1] - start == key.count else { return false }
          for index in 0..<key.count where bytes[start + index] != key[index] { return false }
          return true
        }
        for place in hint..<count where matches(place) { return place }
        for place in 0..<hint where matches(place) { return place }
        return nil
      }
    }
  }
}

extension JSONPull {
  /// The members of an object, each given to `member` with the place of its key in `keys` (nil for a key not among
  /// them), the key matched by its bytes and never made a `String`: the next key is looked for first after the last
  /// one found, so an object written in the keys' order finds each at once. A key written with escapes is read as a
  /// string first. A member whose value is `null` is passed over, as `members(_:_:)` passes it; a key's bytes are
  /// not checked for UTF-8 (a key that is not valid UTF-8 is no known key).
  public mutating func members(
    _ what: String, keys: JSONKeys, _ member: (inout JSONPull, Int?) throws(JSONUnreadable) -> Void
  ) throws(JSONUnreadable) {
    var next = 0
    try eachMember(
      what,
      key: { (pull: inout JSONPull) throws(JSONUnreadable) -> Int? in
        let place = try pull.key(in: keys, from: next)
        if let place { next = place + 1 }
        return place
      }, member)
  }

  /// Passes over the key the reader is at, and says its place in `keys`.
  private mutating func key(in keys: JSONKeys, from hint: Int) throws(JSONUnreadable) -> Int? {
    let opening = reader.index
    try skipString()
    let key = UnsafeBufferPointer(rebasing: reader.bytes[(opening + 1)..<(reader.index - 1)])
    guard key.contains(UInt8(ascii: "\\")) else { return keys.place(of: key, from: hint) }
    let end = reader.index
    reader.index = opening
    let unescaped = Array(try string().utf8)
    reader.index = end
    return unescaped.withUnsafeBufferPointer { keys.place(of: $0, from: hint) }
  }
}
