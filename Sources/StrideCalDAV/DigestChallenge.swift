/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): its scheme and its parameters, names lower-cased.
struct AuthChallenge: Equatable {
  var scheme: String
  var parameters: [String: String]

  /// Every challenge in a `WWW-Authenticate` value, in the order the server gave them. A header the server sent
  /// twice arrives joined by a comma, which reads the same. A token68 (Negotiate's blob) is skipped.
  static func parse(_ header: String) -> [AuthChallenge] {
    var reader = Reader(Array(header.unicodeScalars))
    var challenges: [AuthChallenge] = []
    while !reader.atEnd {
      reader.skip { $0 == " " || $0 == "\t" || $0 == "," }
      let name = reader.token()
      guard !name.isEmpty else {
        // Not a token: skip to the next comma.
        reader.skip { $0 != "," }
        continue
      }
      reader.skip { $0 == " " || $0 == "\t" }
      if reader.peek == "=", !challenges.isEmpty, reader.peekParameter {
        reader.advance()
        reader.skip { $0 == " " || $0 == "\t" }
        challenges[challenges.count - 1].parameters[name.lowercased()] = reader.value()
      } else {
        challenges.append(AuthChallenge(scheme: name, parameters: [:]))
        // A token68 after the scheme (`Negotiate abc==`) is not a parameter.
        if reader.peek != ",", reader.peek != nil, !reader.startsParameter { reader.skip { $0 != "," } }
      }
    }
    return challenges
  }

  /// A cursor over the header's characters.
  private struct Reader {
    let text: [Unicode.Scalar]
    var index = 0

    init(_ text: [Unicode.Scalar]) { self.text = text }

    var atEnd: Bool { index >= text.count }
    var peek: Unicode.Scalar? { atEnd ? nil : text[index] }
    mutating func advance() { index += 1 }

    mutating func skip(while test: (Unicode.Scalar) -> Bool) {
      while let scalar = peek, test(scalar) { advance() }
    }

    /// RFC 9110's token characters.
    static func isToken(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII && scalar.value > 32 && !"()<>@,;:\\\"/[]?={} \t".unicodeScalars.contains(scalar)
    }

    mutating func token() -> String {
      let start = index
      skip(while: Self.isToken)
      return String(String.UnicodeScalarView(text[start..<index]))
    }

    /// Whether the `=` here starts a parameter's value rather than ending a token68 (`abc==`).
    var peekParameter: Bool { index + 1 >= text.count || text[index + 1] != "=" }

    /// Whether a parameter (`name=`) starts here.
    var startsParameter: Bool {
      var probe = self
      guard !probe.token().isEmpty else { return false }
      probe.skip { $0 == " " || $0 == "\t" }
      return probe.peek == "=" && probe.peekParameter
    }

    /// A parameter's value: a quoted string (with its backslash escapes undone) or a token.
    mutating func value() -> String {
      guard peek == "\"" else { return token() }
      advance()
      var value = String.UnicodeScalarView()
      while let scalar = peek, scalar != "\"" {
        advance()
        if scalar == "\\", let escaped = peek {
          value.append(escaped)
          advance()
        } else {
          value.append(scalar)
        }
      }
      advance()
      return String(value)
    }
  }
}
