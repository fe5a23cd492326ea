import Foundation
import Testing

@testable import StrideCalDAV

/// When the password goes with a request. Nothing here is sent: each case is a session's first request to an
/// address no server answers, and what the session would put in it.
@Suite("The password is never sent in the clear across a network before the server asks for Basic")
struct SignInTests {
  /// A session for a new account on `address` (the kept way of signing in is per user, host and port, so each test
  /// uses a user of its own).
  func session(_ address: String, user: String = UUID().uuidString) -> DAVSession {
    DAVSession(base: URL(string: address)!, user: user, password: "secret")
  }

  func basic(_ user: String) -> String { "Basic " + Data("\(user):secret".utf8).base64EncodedString() }

  @Test("over plain http to another machine, the first request goes without the password; Basic once asked")
  func plainHTTPWaitsForTheServer() {
    let user = UUID().uuidString
    let url = URL(string: "http://192.0.2.10:5232/alice/tasks/")!
    let dav = session("http://192.0.2.10:5232/", user: user)
    #expect(dav.authorization("PROPFIND", url) == nil)
    let bare = DAVSession.Attempt(result: .failure(URLError(.cancelled)), challenge: nil, signed: false, bare: true)
    #expect(dav.answer(#"Basic realm="Radicale""#, to: bare))
    #expect(dav.authorization("PROPFIND", url) == basic(user))
    // A later session of the same account (the next pass) remembers the server asked for Basic.
    #expect(session("http://192.0.2.10:5232/", user: user).authorization("PROPFIND", url) == basic(user))
    // Basic refused once sent is the password refused: not answered again.
    let sent = DAVSession.Attempt(result: .failure(URLError(.cancelled)), challenge: nil, signed: false, bare: false)
    #expect(!dav.answer(#"Basic realm="Radicale""#, to: sent))
  }

  @Test("a Digest server over plain http never sees the password: its challenge is answered with Digest")
  func plainHTTPDigest() throws {
    let url = URL(string: "http://calendar.example.net/dav/")!
    let dav = session("http://calendar.example.net/dav/")
    #expect(dav.authorization("PROPFIND", url) == nil)
    let bare = DAVSession.Attempt(result: .failure(URLError(.cancelled)), challenge: nil, signed: false, bare: true)
    #expect(dav.answer(#"Digest realm="dav", nonce="abc", algorithm=SHA-256, qop="auth""#, to: bare))
    let signed = try #require(dav.authorization("PROPFIND", url))
    #expect(signed.hasPrefix("Digest "))
    #expect(!signed.contains("secret"))
  }

  @Test(
    "over https, and to this machine, Basic goes with the first request",
    arguments: [
      "https://calendar.example.net/dav/", "http://127.0.0.1:5232/", "http://localhost:5232/", "http://[::1]:5232/",
    ])
  func basicUpFront(address: String) {
    let user = UUID().uuidString
    #expect(session(address, user: user).authorization("PROPFIND", URL(string: address)!) == basic(user))
  }

  @Test("a name that only starts like a loopback address is another machine")
  func notLoopback() {
    for address in ["http://127.example.net/", "http://localhost.example.net/", "http://10.0.0.127/"] {
      #expect(!DAVSession.isLoopback(URL(string: address)!), "\(address)")
    }
  }
}
