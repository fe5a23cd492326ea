import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP to one CalDAV server with the toolchain's URLSession: one request at a time, Basic authentication (or
/// Digest, once the server asks for it), a time limit, and every failure turned into a sentence that says what to do.
final class DAVSession: Sendable {
  let base: URL
  let user: String?
  let password: String?
  private let session: URLSession
  private let challenges = ChallengeKeeper()
  /// How the server asked this account to sign in, once it asked: a Digest challenge every request after it is
  /// signed with, or Basic. Shared by every session of the account in this process (`DAVSession.signIns`), so a later
  /// pass signs its first request the same way, and a Digest nonce count goes on rising.
  let signIn: Locked<SignIn>
  /// Whether this session has itself taken up a challenge (else a refusal of one kept from an earlier session may
  /// only mean its nonce expired, and is answered once more).
  let answeredHere = Locked(false)
  /// How long one request may take before it counts as no answer.
  let timeout: Double
  /// What the failure sentences say happens next: sync's changes wait, a calendar's last copy is kept.
  let advice: DAVAdvice

  init(base: URL, user: String?, password: String?, timeout: Double = 30, advice: DAVAdvice = .sync) {
    self.base = base
    self.user = user
    self.password = password
    self.timeout = timeout
    self.advice = advice
    signIn = Self.signIn(base: base, user: user)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 4
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    session = URLSession(configuration: configuration, delegate: challenges, delegateQueue: nil)
  }

  /// A challenge (HTTP 401) is never answered by URLSession itself: its `WWW-Authenticate` is kept for the request
  /// and the request cancelled, so `send` can answer Digest or say what the server wants. (Without a delegate,
  /// URLSession on Linux waits forever on a challenge.)
  final class ChallengeKeeper: NSObject, URLSessionTaskDelegate, Sendable {
    /// Each cancelled request's `WWW-Authenticate` value ("" when the server sent none), by task.
    let headers = Locked<[Int: String]>([:])

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
      completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
      let header = (challenge.failureResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "WWW-Authenticate")
      headers.withLock { $0[task.taskIdentifier] = header ?? "" }
      completionHandler(.cancelAuthenticationChallenge, nil)
    }
  }

  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: Data
    func header(_ name: String) -> String? {
      headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
  }

  /// Sends a request and waits for the reply. A status the caller does not accept is thrown as a sentence. A Digest
  /// challenge is answered once (twice when the first answer's nonce was stale); any other challenge is a sentence
  /// saying the password was refused, or which way of signing in the server wants.
  func send(
    _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil, accept: Set<Int>
  ) throws(StrideError) -> Reply {
    switch try transfer(method, url, headers: headers, body: body) {
    case .failure(let error):
      throw Self.describe(error, url: url, timeout: timeout, advice: advice)
    case .success(let reply):
      guard accept.contains(reply.status) else {
        throw Self.describe(status: reply.status, method: method, url: url, advice: advice)
      }
      return reply
    }
  }

  /// Sends a request and waits for the reply, whatever its status, or the network's failure. A Digest challenge is
  /// answered on the way (twice when the first answer's nonce was stale); a challenge that cannot be answered is
  /// thrown as a sentence: the password refused, or the way of signing in the server wants.
  func transfer(_ method: String, _ url: URL, headers: [String: String], body: Data?) throws(StrideError) -> Result<
    Reply, Error
  > {
    var attempt = perform(method, url, headers: headers, body: body)
    var answered = 0
    while let challenge = attempt.challenge, answered < 2, answer(challenge, to: attempt) {
      answered += 1
      attempt = perform(method, url, headers: headers, body: body)
    }
    if let challenge = attempt.challenge { throw refusal(challenge, url: url) }
    return attempt.result
  }

  /// One request's outcome: the reply or the network's error; the challenge it met, if any; whether it was signed
  /// with Digest; and whether it went without the password, the server not having said yet how it wants it.
  struct Attempt {
    var result: Result<Reply, Error>
    var challenge: String?
    var signed: Bool
    var bare: Bool
  }

  /// Sends one request, signed as the session signs now, and waits for its outcome.
  private func perform(_ method: String, _ url: URL, headers: [String: String], body: Data?) -> Attempt {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    let authorization = self.authorization(method, url)
    if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
    if body != nil, headers["Content-Type"] == nil {
      request.setValue("application/xml; charset=utf-8", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let outcome = Locked<Result<Reply, Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: request) { data, response, error in
      let result: Result<Reply, Error> =
        if let error {
          .failure(error)
        } else if let response = response as? HTTPURLResponse {
          .success(
            Reply(
              status: response.statusCode,
              headers: response.allHeaderFields.reduce(into: [:]) { $0["\($1.key)"] = "\($1.value)" },
              body: data ?? Data()))
        } else {
          .failure(URLError(.badServerResponse))
        }
      outcome.withLock { $0 = result }
      done.signal()
    }
    task.resume()
    done.wait()
    let result = outcome.withLock({ $0 })!
    var challenge = challenges.headers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    if challenge == nil, case .success(let reply) = result, reply.status == 401 {
      challenge = reply.header("WWW-Authenticate") ?? ""
    }
    return Attempt(
      result: result, challenge: challenge, signed: authorization?.hasPrefix("Digest ") == true,
      bare: authorization == nil && user != nil)
  }

  /// A network failure in words.
  static func describe(_ error: Error, url: URL, timeout: Double, advice: DAVAdvice = .sync) -> StrideError {
    let host = url.host ?? url.absoluteString
    let wait = advice.meanwhile
    let text: String
    switch (error as? URLError)?.code {
    case .cancelled?, .userCancelledAuthentication?, .userAuthenticationRequired?:
      return describe(status: 401, method: "", url: url, advice: advice)
    case .timedOut?:
      let seconds = Int(timeout.rounded(.up))
      text = "the server at \(host) did not answer within \(plural(seconds, "second")); \(wait)"
    case .networkConnectionLost?, .badServerResponse?, .cannotParseResponse?, .zeroByteResource?:
      text = "the connection to the server at \(host) broke off before its answer was whole; \(wait)"
    case .cannotConnectToHost?, .notConnectedToInternet?:
      text = "the server at \(host) could not be reached (no connection); \(wait)"
    case .cannotFindHost?, .dnsLookupFailed?:
      text =
        "the name \(host) could not be looked up: this machine may be offline, or the address is wrong; "
        + "\(advice.checkAddress)"
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
      .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
      text = "no secure connection could be made to \(host) (its certificate was not accepted); check the address"
    default:
      // Nothing more is known than the network library's own words (a transfer closed short, say).
      text = "the connection to the server at \(host) failed (\(error.localizedDescription)); \(wait)"
    }
    return StrideError(.syncFailed, text)
  }

  /// An HTTP status in words.
  static func describe(status: Int, method: String, url: URL, advice: DAVAdvice = .sync) -> StrideError {
    let text =
      switch status {
      case 401:
        "the server refused the password: check the passwordCommand (or STRIDE_SYNC_PASSWORD) and the user name "
          + "with: stride sync status"
      case 403: "the server does not allow this account to \(method) \(url.path) (HTTP 403); check its permissions"
      case 404: "the server has nothing at \(url.path) (HTTP 404); \(advice.gone)"
      case 405, 501:
        "the server at \(url.host ?? "") does not speak CalDAV (\(method) was refused with HTTP \(status)); "
          + "give the address of a CalDAV server"
      case 423:
        "the server was busy with another change to \(url.path) (HTTP 423 Locked); \(advice.nextTry)"
      case 500...599: "the server had a problem (HTTP \(status)); \(advice.nextTry)"
      default: "the server answered \(method) \(url.path) with HTTP \(status), which Stride did not expect"
      }
    // A refused password is about the password: trying it again soon would only look like guessing to the server.
    return StrideError(.syncFailed, text, param: status == 401 ? "password" : nil)
  }

  /// A multistatus reply read, or a sentence saying it was not one.
  static func multistatus(_ reply: Reply, url: URL, advice: DAVAdvice = .sync) throws(StrideError) -> (
    responses: [DAVResponse], token: String?
  ) {
    guard let parsed = DAVResponse.multistatus(reply.body) else {
      throw StrideError(
        .syncFailed,
        "the server's answer for \(url.path) could not be read as WebDAV XML: it was cut short on the way, or the "
          + "address is not a CalDAV one \(advice.unreadable)")
    }
    return parsed
  }

  func propfind(_ url: URL, depth: Int, properties: String) throws(StrideError) -> [DAVResponse] {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
      xmlns:oc="http://owncloud.org/ns" xmlns:s="http://sabredav.org/ns"><d:prop>\(properties)</d:prop></d:propfind>
      """
    let reply = try send("PROPFIND", url, headers: ["Depth": "\(depth)"], body: Data(body.utf8), accept: [207])
    return try Self.multistatus(reply, url: url, advice: advice).responses
  }
}

/// A task collection on a CalDAV server.
final class CalDAVCollection: SyncCollection {
  let dav: DAVSession
  let url: URL
  private let path: String

  init(url: URL, dav: DAVSession) {
    self.url = url
    self.dav = dav
    path = DAVPath.normal(url.path.hasSuffix("/") ? url.path : url.path + "/")
  }

  func changes(since token: String?) throws(StrideError) -> SyncChanges {
    if token == SyncChanges.listsETags { return try everyETag() }
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>\((token ?? "").markupEscaped)</d:sync-token>\
      <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
      """
    let reply = try dav.send(
      "REPORT", url, headers: ["Depth": "1"], body: Data(body.utf8), accept: [207, 400, 403, 405, 409, 501])
    switch reply.status {
    case 207:
      let (responses, newToken) = try DAVSession.multistatus(reply, url: url)
      let members = responses.filter { $0.href != path }
      return SyncChanges(
        token: newToken,
        changed: members.filter { ($0.status ?? 200) != 404 }.map {
          SyncEntry(href: $0.href, etag: $0.properties["getetag"]?.trimmedText)
        },
        removed: members.filter { $0.status == 404 }.map(\.href), complete: token == nil)
    case 403, 409:
      // The token expired: start again from everything.
      if token != nil { return try changes(since: nil) }
      fallthrough
    default:
      return try everyETag()
    }
  }

  /// No sync-collection here: every resource's ETag, to compare with what the last pass saw.
  private func everyETag() throws(StrideError) -> SyncChanges {
    let responses = try dav.propfind(url, depth: 1, properties: "<d:getetag/>")
    return SyncChanges(
      token: SyncChanges.listsETags,
      changed: responses.filter { $0.href != path }.map {
        SyncEntry(href: $0.href, etag: $0.properties["getetag"]?.trimmedText)
      }, removed: [], complete: true)
  }

  func fetch(_ hrefs: [String]) throws(StrideError) -> [SyncResource] {
    var resources: [SyncResource] = []
    for start in stride(from: 0, to: hrefs.count, by: 200) {
      let chunk = hrefs[start..<min(start + 200, hrefs.count)]
      let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
        <d:prop><d:getetag/><c:calendar-data/></d:prop>\
        \(chunk.map { "<d:href>\(encoded($0).markupEscaped)</d:href>" }.joined())</c:calendar-multiget>
        """
      let reply = try dav.send("REPORT", url, headers: ["Depth": "1"], body: Data(body.utf8), accept: [207])
      for response in try DAVSession.multistatus(reply, url: url).responses {
        guard let data = response.properties["calendar-data"]?.text else { continue }
        resources.append(
          SyncResource(href: response.href, etag: response.properties["getetag"]?.trimmedText, body: data))
      }
    }
    return resources
  }

  func href(for uid: String) -> String {
    let name = String(
      uid.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" ? Character($0) : "-" })
    return path + name + ".ics"
  }

  /// A path percent-encoded for a URL or an XML href.
  func encoded(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
  }
}
