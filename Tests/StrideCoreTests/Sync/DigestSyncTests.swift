import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// Digest authentication against a real server that asks for it: sabre/dav with its PDO Digest login (what Baïkal's
/// database login does). A FaultProxy in front of it counts the requests, makes a nonce go stale, and plays a server
/// that asks for a way of signing in Stride does not have.
@Suite("Sync signs in with Digest", .serialized)
struct DigestSyncTests {
  /// sabre/dav runs where it is installed, and always under `.ci/run` (which installs it).
  static let sabre = ServerKind.here.contains(.sabre)

  @Test(
    "set-up from the root and passes under Digest; a stale nonce is taken up without a word",
    .enabled(if: sabre, "sabre/dav is not installed: sudo apt-get install php-cli php-sqlite3 php-sabre-dav"))
  func digestSync() throws {
    let server = try SabreDAV(login: .digest)
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 5)
    let a = try SyncDevice()
    try a.capture("water the plants")
    try a.capture("write report: outline, draft")
    let found = try a.call(SyncSetup.self, .init(url: proxy.url(for: server.root), user: server.user))
    #expect(found.account.url == proxy.url(for: server.collection))
    #expect(found.report?.sent == 2)
    #expect(found.error == nil)
    let b = try SyncDevice()
    #expect(
      try b.call(SyncSetup.self, .init(url: proxy.url(for: server.collection), user: server.user)).report?.received == 2
    )
    // One challenge in all, at the first request: every later request, in later passes and on the second device of
    // this process too, is signed with the kept challenge, its nonce count rising.
    #expect(proxy.challenges == 1)
    #expect(try a.sync() == SyncReport())
    #expect(proxy.challenges == 1)

    // A stale nonce is taken up without a word: the password was right.
    proxy.schedule.staleNonce = true
    try b.capture("buy bulbs")
    #expect(try b.sync().sent == 1)
    #expect(!proxy.schedule.staleNonce)
    #expect(proxy.challenges == 1)
    #expect(try a.sync().received == 1)
  }

  @Test(
    "a wrong password under Digest says the server refused it, and what to do",
    .enabled(if: sabre, "sabre/dav is not installed: sudo apt-get install php-cli php-sqlite3 php-sabre-dav"))
  func wrongPassword() throws {
    let server = try SabreDAV(login: .digest)
    let device = try SyncDevice(password: "not the password")
    let error = try #require(
      throws: StrideError.self,
      performing: { try device.call(SyncSetup.self, .init(url: server.root, user: server.user)) })
    #expect(error.message.contains("the server refused the password"))
    #expect(error.message.contains("stride sync status"))
  }

  @Test("a server that asks for a scheme Stride cannot do is named, with what to do; Digest with an unknown hash too")
  func unknownScheme() throws {
    let server = try Radicale()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 7)
    proxy.schedule.rewriteChallenge = { _ in #"Bearer realm="tasks", error="invalid_token""# }
    // Radicale asks only when the password it was sent is wrong.
    let device = try SyncDevice(password: "not the password")
    let bearer = try #require(
      throws: StrideError.self,
      performing: { try device.call(SyncSetup.self, .init(url: proxy.url(for: server.root), user: Radicale.user)) })
    #expect(bearer.message.contains("asks for Bearer sign-in, which Stride cannot do"))
    #expect(bearer.message.contains("ask the server's administrator"))
    #expect(!bearer.message.contains("refused the password"))

    proxy.schedule.rewriteChallenge = { _ in #"Digest realm="tasks", nonce="n", algorithm=SHA-512-256, qop="auth""# }
    let digest = try #require(
      throws: StrideError.self,
      performing: { try device.call(SyncSetup.self, .init(url: proxy.url(for: server.root), user: Radicale.user)) })
    #expect(
      digest.message.contains("Digest sign-in with algorithm SHA-512-256, qop auth, which Stride does not compute"))
  }
}
