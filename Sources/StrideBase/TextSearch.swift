// Finding and replacing text, byte by byte. The standard library's `firstRange(of:)`, `contains(_:)` and
// `replacing(_:with:)` for strings live in _StringProcessing, which brings its regular-expression parser with it: a
// tenth of `stride`, for a few searches. These compare UTF-8 bytes, not characters, which is all a search for a
// marker, a path part or an escape needs.

extension String {
  /// Where `text` first appears.
  public func firstRange(ofText text: String) -> Range<Index>? { self[...].firstRange(ofText: text) }

  /// Whether `text` appears. Searched in the string's own contiguous bytes where it has them (every native and
  /// small string): the `UTF8View` walk of `firstRange` cost about 2,400 instructions a call, a tenth of it here.
  public func contains(text: String) -> Bool {
    let found = utf8.withContiguousStorageIfAvailable { haystack in
      text.utf8.withContiguousStorageIfAvailable { needle in contiguousRange(of: needle, in: haystack) != nil }
    }
    return found.flatMap { $0 } ?? self[...].contains(text: text)
  }

  /// Every `text` replaced by `replacement`.
  public func replacing(text: String, with replacement: String) -> String {
    guard !text.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(ofText: text) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}

extension Substring {
  /// Where `text` first appears.
  public func firstRange(ofText text: String) -> Range<Index>? { byteRange(of: Array(text.utf8), in: utf8) }

  public func contains(text: String) -> Bool { firstRange(ofText: text) != nil }
}

/// Where `needle` first appears in `bytes`.
private func byteRange<Bytes: BidirectionalCollection<UInt8>>(of needle: [UInt8], in bytes: Bytes)
  -> Range<Bytes.Index>?
{
  guard let first = needle.first else { return bytes.startIndex..<bytes.startIndex }
  var from = bytes.startIndex
  while let start = bytes[from...].firstIndex(of: first) {
    var end = start
    var matched = true
    for byte in needle {
      guard end != bytes.endIndex, bytes[end] == byte else {
        matched = false
        break
      }
      end = bytes.index(after: end)
    }
    if matched { return start..<end }
    from = bytes.index(after: start)
  }
  return nil
}

/// Where `needle` first appears in `bytes`, as offsets: the search of `byteRange` over contiguous bytes.
private func contiguousRange(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
  -> Range<Int>?
{
  guard let first = needle.first else { return 0..<0 }
  guard needle.count <= bytes.count else { return nil }
  var start = 0
  while start + needle.count <= bytes.count {
    if bytes[start] == first {
      var offset = 1
      while offset < needle.count, bytes[start + offset] == needle[offset] { offset += 1 }
      if offset == needle.count { return start..<(start + needle.count) }
    }
    start += 1
  }
  return nil
}
