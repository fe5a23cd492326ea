import Foundation
import Testing

@testable import StrideCalDAV

/// Stride computes MD5 and SHA-256 itself for HTTP Digest: checked against the test suites their standards publish
/// (RFC 1321 §A.5, FIPS 180-4's examples as NIST gives them), and Digest's answer against RFC 7616 §3.9.1's worked
/// example.
@Suite("Digest authentication and its hashes")
struct DigestTests {
  func md5(_ text: String) -> String { Hash.hex(Hash.md5(Array(text.utf8))) }
  func sha256(_ text: String) -> String { Hash.hex(Hash.sha256(Array(text.utf8))) }

  @Test("MD5: RFC 1321's test suite")
  func md5Suite() {
    #expect(md5("") == "d41d8cd98f00b204e9800998ecf8427e")
    #expect(md5("a") == "0cc175b9c0f1b6a831c399e269772661")
    #expect(md5("abc") == "900150983cd24fb0d6963f7d28e17f72")
    #expect(md5("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
    #expect(md5("abcdefghijklmnopqrstuvwxyz") == "c3fcd3d76192e4007dfb496cca67e13b")
    #expect(
      md5("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") == "d174ab98d277d9f5a5611c2c9f419d9f")
    #expect(md5(String(repeating: "1234567890", count: 8)) == "57edf4a22be3c955ac49da2e2107b67a")
  }

  @Test("SHA-256: NIST's examples, one block, two blocks, the 896-bit message and a million a's")
  func sha256Suite() {
    #expect(sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(sha256("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      sha256(
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
      ) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    #expect(
      Hash.hex(Hash.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// RFC 7616 §3.9.1: the server offers SHA-256 and MD5 in two challenges.
  static let example = """
    Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, \
    nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", \
    Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, \
    nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"
    """
  static let clientNonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"

  func field(_ name: String, in header: String) -> String? {
    AuthChallenge.parse(header).first?.parameters[name]
  }

  @Test("RFC 7616's worked example: SHA-256 is chosen over MD5, and each answers as the RFC computes it")
  func workedExample() throws {
    let challenges = AuthChallenge.parse(Self.example)
    #expect(challenges.map(\.scheme) == ["Digest", "Digest"])
    #expect(challenges.map { $0.parameters["algorithm"] } == ["SHA-256", "MD5"])
    var digest = try #require(Digest(choosing: challenges, clientNonce: Self.clientNonce))
    #expect(digest.algorithm == .sha256)
    let first = digest.authorization(method: "GET", uri: "/dir/index.html", user: "Mufasa", password: "Circle of Life")
    #expect(field("response", in: first) == "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1")
    #expect(field("nc", in: first) == "00000001")
    #expect(field("qop", in: first) == "auth")
    #expect(field("opaque", in: first) == "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS")
    #expect(field("uri", in: first) == "/dir/index.html")
    // The nonce count goes up with each request signed.
    let second = digest.authorization(method: "GET", uri: "/dir/index.html", user: "Mufasa", password: "Circle of Life")
    #expect(field("nc", in: second) == "00000002")
    #expect(field("response", in: second) != field("response", in: first))

    var md5 = try #require(Digest(choosing: [challenges[1]], clientNonce: Self.clientNonce))
    let signed = md5.authorization(method: "GET", uri: "/dir/index.html", user: "Mufasa", password: "Circle of Life")
    #expect(field("response", in: signed) == "8ca523f5e9506fed4657c9700eebdbec")
    #expect(field("algorithm", in: signed) == "MD5")
  }

  @Test("-sess hashes the client nonce into the key; no qop is RFC 2069's form; userhash hides the name")
  func variants() throws {
    let base = #"Digest realm="r", nonce="n", qop="auth", algorithm=MD5-sess"#
    var session = try #require(Digest(choosing: AuthChallenge.parse(base), clientNonce: "c"))
    let key = md5("\(md5("u:r:p")):n:c")
    let expected = md5("\(key):n:00000001:c:auth:\(md5("PUT:/a/b.ics"))")
    #expect(
      field("response", in: session.authorization(method: "PUT", uri: "/a/b.ics", user: "u", password: "p"))
        == expected)

    var old = try #require(Digest(choosing: AuthChallenge.parse(#"Digest realm="r", nonce="n""#), clientNonce: "c"))
    let plain = old.authorization(method: "GET", uri: "/", user: "u", password: "p")
    #expect(field("response", in: plain) == md5("\(md5("u:r:p")):n:\(md5("GET:/"))"))
    #expect(field("nc", in: plain) == nil)

    let hashed = #"Digest realm="r", nonce="n", qop=auth, algorithm=SHA-256, userhash=true"#
    var hidden = try #require(Digest(choosing: AuthChallenge.parse(hashed), clientNonce: "c"))
    let header = hidden.authorization(method: "GET", uri: "/", user: "u", password: "p")
    #expect(field("username", in: header) == sha256("u:r"))
    #expect(field("userhash", in: header) == "true")
  }

  @Test("challenges Stride cannot answer are told apart: another scheme, auth-int only, an unknown hash")
  func unanswerable() {
    #expect(Digest(choosing: AuthChallenge.parse(#"Digest realm="r", nonce="n", qop="auth-int""#)) == nil)
    #expect(Digest(choosing: AuthChallenge.parse(#"Digest realm="r", nonce="n", algorithm=SHA-512-256"#)) == nil)
    let mixed = AuthChallenge.parse(#"Negotiate abc==, Bearer realm="x", Basic realm="y", charset="UTF-8""#)
    #expect(mixed.map(\.scheme) == ["Negotiate", "Bearer", "Basic"])
    #expect(mixed[2].parameters == ["realm": "y", "charset": "UTF-8"])
    #expect(
      AuthChallenge.parse(#"Digest realm="a \"quoted\" realm", nonce=n"#).first?.parameters["realm"]
        == #"a "quoted" realm"#)
    #expect(Digest(choosing: AuthChallenge.parse(#"Digest realm="r", nonce="n", stale=TRUE"#))?.stale == true)
  }

  @Test("the request target Digest signs is the path and query as sent, percent-encoding kept")
  func requestTarget() throws {
    let url = try #require(URL(string: "http://127.0.0.1:5232/alice/my%20tasks/a.ics?x=1"))
    #expect(DAVSession.requestTarget(url) == "/alice/my%20tasks/a.ics?x=1")
    #expect(DAVSession.requestTarget(try #require(URL(string: "http://127.0.0.1:5232"))) == "/")
  }
}
