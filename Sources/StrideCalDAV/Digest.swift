import Foundation

/// HTTP Digest authentication (RFC 7616) as a client answers it: one challenge kept, and an `Authorization` value
/// computed for each request with the nonce count going up. SHA-256 and MD5, each also as `-sess`; `qop=auth`, or
/// no qop at all for a server of RFC 2069's time; `userhash` when the server asks for it.
struct Digest: Sendable {
  enum Algorithm: String, Sendable, CaseIterable {
    case sha256 = "SHA-256"
    case sha256Session = "SHA-256-sess"
    case md5 = "MD5"
    case md5Session = "MD5-sess"

    var isSession: Bool { self == .sha256Session || self == .md5Session }

    func hash(_ text: String) -> String {
      let bytes = Array(text.utf8)
      return Hash.hex(self == .sha256 || self == .sha256Session ? Hash.sha256(bytes) : Hash.md5(bytes))
    }
  }

  let algorithm: Algorithm
  let realm: String
  let nonce: String
  let opaque: String?
  /// Whether the server takes `qop=auth` (else it offered no qop: RFC 2069's form).
  let qualityOfProtection: Bool
  let userHash: Bool
  /// Whether the server said the nonce it refused was stale, not the password (RFC 7616 §3.3).
  let stale: Bool
  /// How many requests this nonce has signed.
  private(set) var count = 0
  /// The client's nonce, fixed for this challenge (the `-sess` algorithms hash it into the session key).
  let clientNonce: String

  /// The challenge Stride answers among those the server gave: SHA-256 before MD5 (RFC 7616 §3.7 lets the client
  /// take the strongest it knows), `qop=auth` or none. Nil when no Digest challenge is one Stride can answer.
  init?(choosing challenges: [AuthChallenge], clientNonce: String = Digest.freshNonce()) {
    let usable = challenges.compactMap { challenge -> (Algorithm, AuthChallenge)? in
      guard challenge.scheme.lowercased() == "digest", let nonce = challenge.parameters["nonce"], !nonce.isEmpty
      else { return nil }
      let name = challenge.parameters["algorithm"] ?? "MD5"
      guard let algorithm = Algorithm.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
      else { return nil }
      if let qop = challenge.parameters["qop"] {
        let offered = qop.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard offered.contains("auth") else { return nil }
      } else if algorithm.isSession {
        // A session key hashes in the client's nonce, which only a qop answer carries: nothing the server could check.
        return nil
      }
      return (algorithm, challenge)
    }
    let order = Algorithm.allCases
    guard
      let (algorithm, challenge) = usable.min(by: {
        order.firstIndex(of: $0.0)! < order.firstIndex(of: $1.0)!
      })
    else { return nil }
    self.algorithm = algorithm
    realm = challenge.parameters["realm"] ?? ""
    nonce = challenge.parameters["nonce"] ?? ""
    opaque = challenge.parameters["opaque"]
    qualityOfProtection = challenge.parameters["qop"] != nil
    userHash = challenge.parameters["userhash"]?.lowercased() == "true"
    stale = challenge.parameters["stale"]?.lowercased() == "true"
    self.clientNonce = clientNonce
  }

  /// The `Authorization` value for one request, `uri` being its request target (path and query); counts it.
  mutating func authorization(method: String, uri: String, user: String, password: String) -> String {
    count += 1
    let hex = String(count, radix: 16)
    let nc = String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    var secret = algorithm.hash("\(user):\(realm):\(password)")
    if algorithm.isSession { secret = algorithm.hash("\(secret):\(nonce):\(clientNonce)") }
    let request = algorithm.hash("\(method):\(uri)")
    let response =
      qualityOfProtection
      ? algorithm.hash("\(secret):\(nonce):\(nc):\(clientNonce):auth:\(request)")
      : algorithm.hash("\(secret):\(nonce):\(request)")
    let name = userHash ? algorithm.hash("\(user):\(realm)") : user
    var fields = [
      "username=\(quoted(name))", "realm=\(quoted(realm))", "uri=\(quoted(uri))",
      "algorithm=\(algorithm.rawValue)", "nonce=\(quoted(nonce))",
    ]
    if qualityOfProtection { fields += ["nc=\(nc)", "cnonce=\(quoted(clientNonce))", "qop=auth"] }
    fields.append("response=\(quoted(response))")
    if let opaque { fields.append("opaque=\(quoted(opaque))") }
    if userHash { fields.append("userhash=true") }
    return "Digest " + fields.joined(separator: ", ")
  }

  /// A quoted string, its quotes and backslashes escaped.
  private func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// 16 random bytes in hexadecimal.
  static func freshNonce() -> String {
    var random = SystemRandomNumberGenerator()
    return Hash.hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
  }
}
