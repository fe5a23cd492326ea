import Foundation
import StrideBase

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DAVSession {
  /// How a server asked an account to sign in: with a Digest challenge (its nonce counted up), or with Basic.
  struct SignIn {
    var digest: Digest?
    var basic = false
  }

  /// The `Authorization` value for a request: Digest once the server has given a Digest challenge; else Basic with
  /// every request over https or to this machine (loopback), or over plain http elsewhere once the server has asked
  /// for Basic; none without a user name. Over plain http to another machine the first request goes without the
  /// password, so a server that wants Digest never has it sent in the clear (DAV clients send Basic up front only
  /// where the connection is encrypted). To this machine Basic goes up front: nothing crosses a network, and
  /// servers that slow unsigned requests down (Radicale waits about a second) are not asked without it.
  func authorization(_ method: String, _ url: URL) -> String? {
    guard let user else { return nil }
    let password = password ?? ""
    return signIn.withLock { signIn in
      if signIn.digest != nil {
        return signIn.digest?.authorization(
          method: method, uri: Self.requestTarget(url), user: user, password: password)
      }
      guard signIn.basic || url.scheme?.lowercased() == "https" || Self.isLoopback(url) else { return nil }
      return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
  }

  /// Takes up a challenge when Stride can answer it: a Digest challenge it can compute, met by a request that was
  /// not yet signed with Digest, or signed with a challenge kept from an earlier session (whose nonce may have
  /// expired), or whose nonce the server calls stale (RFC 7616 §3.3: the password was right); or Basic, met by a
  /// request sent without the password, or signed with a kept Digest challenge the server no longer takes. False
  /// when answering again would only be refused again.
  func answer(_ header: String, to attempt: Attempt) -> Bool {
    guard user != nil else { return false }
    let challenges = AuthChallenge.parse(header)
    let first = answeredHere.withLock { answered in
      defer { answered = true }
      return !answered
    }
    guard let offered = Digest(choosing: challenges) else {
      guard challenges.contains(where: { $0.scheme.lowercased() == "basic" }),
        attempt.bare || (attempt.signed && first)
      else { return false }
      signIn.withLock { $0 = SignIn(digest: nil, basic: true) }
      return true
    }
    guard !attempt.signed || offered.stale || first else { return false }
    signIn.withLock { $0.digest = offered }
    return true
  }

  /// Whether a URL names this machine: `localhost`, 127.0.0.0/8 or ::1.
  static func isLoopback(_ url: URL) -> Bool {
    guard let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
      return false
    }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    let loopbackIPv4 = octets.count == 4 && octets.allSatisfy { UInt8($0) != nil } && octets[0] == "127"
    return loopbackIPv4 || host == "::1" || host == "localhost" || host.hasSuffix(".localhost")
  }

  /// How each account (user, host and port) was asked to sign in, in this process.
  private static let signIns = Locked<[String: Locked<SignIn>]>([:])

  /// The account's way of signing in, empty the first time.
  static func signIn(base: URL, user: String?) -> Locked<SignIn> {
    let key = "\(user ?? "")@\(base.scheme ?? "")://\(base.host ?? ""):\(base.port ?? 0)"
    return signIns.withLock { kept in
      if let signIn = kept[key] { return signIn }
      let signIn = Locked(SignIn())
      kept[key] = signIn
      return signIn
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
