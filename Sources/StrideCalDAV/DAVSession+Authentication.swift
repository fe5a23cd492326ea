import Foundation
import StrideBase

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DAVSession {
  /// The `Authorization` value for a request: Digest once the server has given a Digest challenge (its nonce
  /// counted up), else Basic with every request; none without a user name.
  func authorization(_ method: String, _ url: URL) -> String? {
    guard let user else { return nil }
    let password = password ?? ""
    if let signed = digest.withLock({ digest in
      digest?.authorization(method: method, uri: Self.requestTarget(url), user: user, password: password)
    }) {
      return signed
    }
    return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }

  /// Takes up a challenge when Stride can answer it: a Digest challenge it can compute, met by a request that was
  /// not yet signed with Digest, or signed with a challenge kept from an earlier session (whose nonce may have
  /// expired), or whose nonce the server calls stale (RFC 7616 §3.3: the password was right). False when answering
  /// again would only be refused again.
  func answer(_ header: String, signed: Bool) -> Bool {
    guard user != nil else { return false }
    let challenges = AuthChallenge.parse(header)
    let first = answeredHere.withLock { answered in
      defer { answered = true }
      return !answered
    }
    guard let offered = Digest(choosing: challenges) else {
      // A kept challenge the server no longer takes, where it now asks for Basic: Basic it is.
      guard signed, first, challenges.contains(where: { $0.scheme.lowercased() == "basic" }) else { return false }
      digest.withLock { $0 = nil }
      return true
    }
    guard !signed || offered.stale || first else { return false }
    digest.withLock { $0 = offered }
    return true
  }

  /// The Digest challenges kept for each account (user, host and port) in this process.
  private static let signIns = Locked<[String: Locked<Digest?>]>([:])

  /// The account's kept challenge, made empty the first time.
  static func signIn(base: URL, user: String?) -> Locked<Digest?> {
    let key = "\(user ?? "")@\(base.scheme ?? "")://\(base.host ?? ""):\(base.port ?? 0)"
    return signIns.withLock { kept in
      if let digest = kept[key] { return digest }
      let digest = Locked<Digest?>(nil)
      kept[key] = digest
      return digest
    }
  }

  /// A challenge Stride did not get past, in words: the password refused, or the way of signing in the server
  /// wants when it is none Stride speaks.
  func refusal(_ header: String, url: URL) -> StrideError {
    let challenges = AuthChallenge.parse(header)
    let schemes = challenges.map { $0.scheme.lowercased() }
    guard let wanted = challenges.first?.scheme, !schemes.contains("basic"), Digest(choosing: challenges) == nil
    else { return Self.describe(status: 401, method: "", url: url, advice: advice) }
    let what =
      schemes.contains("digest")
      ? "Digest sign-in with \(Self.digestOffered(challenges)), which Stride does not compute"
      : "\(wanted) sign-in, which Stride cannot do"
    return StrideError(
      .syncFailed,
      "the server at \(url.host ?? "") asks for \(what): Stride signs in with Basic, or with Digest (SHA-256 or "
        + "MD5, qop auth); ask the server's administrator to allow one of those for this account; \(advice.signIn)",
      param: "password")
  }

  /// The algorithms and qop a Digest challenge offered, for the sentence that says Stride cannot answer it.
  private static func digestOffered(_ challenges: [AuthChallenge]) -> String {
    challenges.filter { $0.scheme.lowercased() == "digest" }.map { challenge in
      "algorithm \(challenge.parameters["algorithm"] ?? "MD5")"
        + (challenge.parameters["qop"].map { ", qop \($0)" } ?? "")
    }.joined(separator: "; ")
  }

  /// A URL's request target as the request line carries it (its path and query, percent-encoded as sent): what
  /// Digest signs as `uri`.
  static func requestTarget(_ url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = components?.percentEncodedPath ?? url.path
    let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
    return (path.isEmpty ? "/" : path) + query
  }
}
