/// "1 day", "3 days".
public func plural(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}

/// "never", "once", "twice", "3 times".
public func times(_ count: Int) -> String {
  switch count {
  case 0: "never"
  case 1: "once"
  case 2: "twice"
  default: "\(count) times"
  }
}

/// "title", "title and due", "title, due and tags" (or, with "or": "low, medium or high").
public func listed(_ names: [String], _ conjunction: String = "and") -> String {
  names.count <= 1 ? names.first ?? "" : names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
}

extension String {
  /// The words between white space, as `split(whereSeparator: \.isSpace)` gives them. A text of ASCII alone is cut
  /// by its bytes (a tab, a line break, a space, as `isSpace` reads them; "\r\n" is two of them): cutting characters
  /// breaks the text into graphemes first, several hundred instructions a word.
  public var spacedWords: [Substring] {
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return split(whereSeparator: \.isSpace) }
    return utf8.split(whereSeparator: { $0 == 32 || ($0 >= 9 && $0 <= 13) }).map(Substring.init)
  }
}

extension Array where Element == String {
  /// The strings with `separator` between them, as the standard library's `joined(separator:)`, but concrete, so it is
  /// chosen for every `[String]` where StrideBase is imported. The generic one asks the runtime for type metadata the
  /// first time it runs (a demangling and a scan of every conformance), a tenth of a short command's instructions.
  public func joined(separator: String = "") -> String {
    var result = ""
    for index in indices {
      if index > startIndex { result += separator }
      result += self[index]
    }
    return result
  }
}

/// How many letters must be inserted, removed or changed, or two side by side swapped, to turn `a` into `b` (the
/// optimal string alignment distance), for short words: a typo ("don", "nwo") is within one or two.
public func editDistance(_ a: String, _ b: String) -> Int {
  editDistance(Array(a), Array(b))
}

/// `editDistance` of two sequences of letters or bytes; with `limit`, `limit + 1` as soon as the distance is sure to
/// exceed it (a capture asks whether each word is one slip from a day word, and most are far from any).
@inlinable
public func editDistance<Letter: Equatable>(_ a: [Letter], _ b: [Letter], atMost limit: Int = .max) -> Int {
  guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
  // Three rows, reused: the one before the last (for a swap), the last, and the one being filled.
  var before = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var smallest = i
    for j in 1...b.count {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
      smallest = min(smallest, current[j])
    }
    if smallest > limit { return limit + 1 }
    (before, previous, current) = (previous, current, before)
  }
  return previous[b.count]
}
