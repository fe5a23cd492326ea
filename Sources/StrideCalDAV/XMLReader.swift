import Foundation

/// Reads the XML of a WebDAV answer into a tree of `DAVElement`s: elements, attributes, namespaces, text, character
/// and entity references, CDATA, comments and processing instructions. Anything not well-formed is refused, and so is
/// a document type declaration (a WebDAV answer has none, and its entities are how a document is made to grow
/// without end). Written here rather than using Foundation's XMLParser, which stops the program on some documents
/// (fuzzing kept finding more: a name that is not UTF-8, a processing instruction without data, then a null pointer
/// in CI's run), and a server's answer must never stop the daemon.
struct XMLReader {
  /// Deeper than any WebDAV answer (about six levels) by far; deeper documents are refused, so that no tree is
  /// deep enough to exhaust the stack when it is searched or released.
  static let maxDepth = 256

  private struct Malformed: Error {}

  private let bytes: [UInt8]
  private var at = 0
  /// The namespace of each prefix in scope ("" is the default namespace), one entry per open element.
  private var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]

  /// The root element of a document; nil when it is not well-formed, namespaced XML in UTF-8.
  static func read(_ data: Data) -> DAVElement? {
    guard String(validating: data, as: UTF8.self) != nil else { return nil }
    var reader = XMLReader(bytes: Array(data))
    return try? reader.document()
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func document() throws -> DAVElement {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    if starts("<?xml"), at + 5 < bytes.count, isSpace(bytes[at + 5]) { at = try end(of: "?>") }
    try skipMisc()
    guard starts("<"), !starts("<!") else { throw Malformed() }
    let root = try elements()
    try skipMisc()
    guard at == bytes.count else { throw Malformed() }
    return root
  }

  /// The root element and everything inside it, read with a stack of open elements rather than recursion.
  private mutating func elements() throws -> DAVElement {
    var open: [(element: DAVElement, name: ArraySlice<UInt8>)] = []
    var root: DAVElement?
    repeat {
      guard at < bytes.count else { throw Malformed() }
      if starts("</") {
        at += 2
        let name = try name()
        skipSpaces()
        try expect(">")
        guard let last = open.popLast(), last.name == name else { throw Malformed() }
        scopes.removeLast()
      } else if starts("<!--") {
        try skipComment()
      } else if starts("<![CDATA[") {
        at += 9
        let end = try find("]]>")
        open.last?.element.text += String(decoding: normalLineEnds(bytes[at..<end]), as: UTF8.self)
        at = end + 3
      } else if starts("<?") {
        try skipInstruction()
      } else if starts("<") {
        guard !starts("<!") else { throw Malformed() }
        let (element, name, empty) = try startTag()
        if let parent = open.last?.element { parent.children.append(element) } else { root = element }
        if empty {
          scopes.removeLast()
        } else {
          open.append((element, name))
          guard open.count <= Self.maxDepth else { throw Malformed() }
        }
      } else {
        open.last?.element.text += try text(until: UInt8(ascii: "<"))
      }
    } while !open.isEmpty
    guard let root else { throw Malformed() }
    return root
  }

  /// `<name attribute="value" …>` or `…/>`: the element with its namespace resolved, its name as written, and
  /// whether it is empty. Its namespace declarations are pushed as a scope, which the caller pops at its end.
  private mutating func startTag() throws -> (DAVElement, ArraySlice<UInt8>, empty: Bool) {
    at += 1
    let qualified = try name()
    var written: [(name: ArraySlice<UInt8>, value: String)] = []
    var empty = false
    while true {
      let spaced = skipSpaces()
      if starts("/>") {
        at += 2
        empty = true
        break
      }
      if starts(">") {
        at += 1
        break
      }
      guard spaced else { throw Malformed() }
      let name = try name()
      skipSpaces()
      try expect("=")
      skipSpaces()
      let value = try quoted()
      guard !written.contains(where: { $0.name == name }) else { throw Malformed() }
      written.append((name, value))
    }
    var scope = scopes[scopes.count - 1]
    for (name, value) in written {
      if name.elementsEqual("xmlns".utf8) {
        scope[""] = value
      } else if name.starts(with: "xmlns:".utf8) {
        guard !value.isEmpty else { throw Malformed() }
        scope[String(decoding: name.dropFirst(6), as: UTF8.self)] = value
      }
    }
    scopes.append(scope)
    let (namespace, local) = try resolve(qualified, in: scope, isElement: true)
    var attributes: [String: String] = [:]
    for (name, value) in written where !name.elementsEqual("xmlns".utf8) && !name.starts(with: "xmlns:".utf8) {
      let (_, local) = try resolve(name, in: scope, isElement: false)
      if attributes[local] == nil { attributes[local] = value }
    }
    return (DAVElement(name: local, namespace: namespace, attributes: attributes), qualified, empty)
  }

  /// A qualified name's namespace and local name. An unprefixed attribute has no namespace; an unknown prefix is
  /// an error.
  private func resolve(_ qualified: ArraySlice<UInt8>, in scope: [String: String], isElement: Bool) throws -> (
    String, String
  ) {
    let parts = qualified.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
      return (isElement ? scope[""] ?? "" : "", String(decoding: qualified, as: UTF8.self))
    case 2:
      guard parts.allSatisfy(startsName), let namespace = scope[String(decoding: parts[0], as: UTF8.self)]
      else { throw Malformed() }
      return (namespace, String(decoding: parts[1], as: UTF8.self))
    default:
      throw Malformed()
    }
  }

  /// Whether a part of a name may begin a name: not empty, and not a digit, `-` or `.`.
  private func startsName(_ part: ArraySlice<UInt8>) -> Bool {
    guard let first = part.first else { return false }
    return !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) && first != UInt8(ascii: "-")
      && first != UInt8(ascii: ".")
  }

  /// An attribute's value in single or double quotes, its references replaced and each tab or line end written in
  /// it made a space (one written as a reference is kept).
  private mutating func quoted() throws -> String {
    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
      throw Malformed()
    }
    let quote = bytes[at]
    at += 1
    let value = try text(until: quote)
    guard at < bytes.count else { throw Malformed() }
    at += 1
    return value
  }

  /// Text up to `stop` (or the end), with its references replaced and its line ends made `\n` (in an attribute's
  /// value, up to its closing quote, spaces). A `<` inside an attribute's value and a character XML does not allow
  /// are errors.
  private mutating func text(until stop: UInt8) throws -> String {
    let inAttribute = stop != UInt8(ascii: "<")
    var out: [UInt8] = []
    while at < bytes.count, bytes[at] != stop {
      switch bytes[at] {
      case UInt8(ascii: "&"):
        out += try reference()
      case UInt8(ascii: "<"):
        throw Malformed()
      case UInt8(ascii: "\r"):
        out.append(UInt8(ascii: inAttribute ? " " : "\n"))
        at += 1
        if at < bytes.count, bytes[at] == UInt8(ascii: "\n") { at += 1 }
      case let byte where inAttribute && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")):
        out.append(UInt8(ascii: " "))
        at += 1
      case let byte:
        guard isAllowed(byte) else { throw Malformed() }
        out.append(byte)
        at += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `&lt;`, `&amp;`, … and `&#65;`, `&#x41;`: the UTF-8 of what they stand for.
  private mutating func reference() throws -> [UInt8] {
    guard let end = bytes[at...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw Malformed() }
    let body = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
    at = end + 1
    let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
    if let text = named[body] { return Array(text.utf8) }
    let (digits, radix) = body.hasPrefix("#x") ? (body.dropFirst(2), 16) : (body.dropFirst(), 10)
    guard body.hasPrefix("#"), !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
      let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
      value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D, value != 0xFFFE, value != 0xFFFF
    else { throw Malformed() }
    return Array(String(scalar).utf8)
  }

  /// A name: a letter, `_`, `:` or any non-ASCII character first, then those, digits, `-` and `.`.
  private mutating func name() throws -> ArraySlice<UInt8> {
    let start = at
    while at < bytes.count {
      let byte = bytes[at]
      let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let first = letter || byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
      let later =
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ".")
      guard first || (at > start && later) else { break }
      at += 1
    }
    guard at > start else { throw Malformed() }
    return bytes[start..<at]
  }

  /// White space, comments and processing instructions, as they may come before and after the root element.
  private mutating func skipMisc() throws {
    while true {
      skipSpaces()
      if starts("<!--") {
        try skipComment()
      } else if starts("<?") {
        try skipInstruction()
      } else {
        return
      }
    }
  }

  private mutating func skipComment() throws { at = try end(of: "-->") }

  /// `<?target data?>`; the target `xml` is only allowed as the declaration at the very start.
  private mutating func skipInstruction() throws {
    at += 2
    let target = try name()
    guard target.count != 3 || String(decoding: target, as: UTF8.self).lowercased() != "xml",
      at < bytes.count, isSpace(bytes[at]) || starts("?>")
    else { throw Malformed() }
    at = try end(of: "?>")
  }

  @discardableResult
  private mutating func skipSpaces() -> Bool {
    let start = at
    while at < bytes.count, isSpace(bytes[at]) { at += 1 }
    return at > start
  }

  private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  private func starts(_ text: StaticString) -> Bool { matches(text, at: at) }

  /// Whether `text` is written at `index`.
  private func matches(_ text: StaticString, at index: Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
    return true
  }

  private mutating func expect(_ text: StaticString) throws {
    guard starts(text) else { throw Malformed() }
    at += text.utf8CodeUnitCount
  }

  /// Where `text` next begins, from here; a character XML does not allow on the way is an error.
  private func find(_ text: StaticString) throws -> Int {
    var index = at
    while index + text.utf8CodeUnitCount <= bytes.count {
      if matches(text, at: index) { return index }
      guard isAllowed(bytes[index]) else { throw Malformed() }
      index += 1
    }
    throw Malformed()
  }

  /// Every byte but the control characters other than tab, line feed and carriage return.
  private func isAllowed(_ byte: UInt8) -> Bool { byte >= 0x20 || isSpace(byte) }

  /// Just past the next `text`.
  private func end(of text: StaticString) throws -> Int { try find(text) + text.utf8CodeUnitCount }

  private func normalLineEnds(_ slice: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(slice.count)
    var previous: UInt8 = 0
    for byte in slice {
      if byte != UInt8(ascii: "\n") || previous != UInt8(ascii: "\r") {
        out.append(byte == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : byte)
      }
      previous = byte
    }
    return out
  }
}
