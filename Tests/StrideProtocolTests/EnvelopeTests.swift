import Foundation
import Testing

@testable import StrideBase
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

@Suite("JSON-RPC envelope")
struct EnvelopeTests {
  func parseFailure(_ line: String) -> RequestFailure? {
    if case .failure(let failure) = Request.parse(Array(line.utf8)) { return failure }
    return nil
  }

  @Test(
    "each malformed request gets the right code, with the id when one could be read",
    arguments: [
      ("not json", StrideError.Code.parseError, false),
      ("[]", .invalidRequest, false),
      ("42", .invalidRequest, false),
      (#"{"jsonrpc":"2.0","method":"server.info"}"#, .invalidRequest, false),
      (#"{"jsonrpc":"2.0","id":{"a":1},"method":"server.info"}"#, .invalidRequest, false),
      (#"{"jsonrpc":"1.0","id":1,"method":"server.info"}"#, .invalidRequest, true),
      (#"{"jsonrpc":"2.0","id":1,"method":7}"#, .invalidRequest, true),
      (#"{"jsonrpc":"2.0","id":"a","method":"task.get","params":[1]}"#, .invalidParams, true),
    ])
  func malformed(_ line: String, _ code: StrideError.Code, _ hasID: Bool) throws {
    let failure = try #require(parseFailure(line))
    #expect(failure.error.code == code)
    #expect((failure.id != nil) == hasID)
  }

  @Test("bytes that are not UTF-8 are a parse error, not a crash")
  func binary() throws {
    let garbage: [UInt8] = [0xFF, 0xFE, 0x00, 0x7B, 0x22, 0xC3]
    guard case .failure(let failure) = Request.parse(garbage) else {
      Issue.record("garbage parsed")
      return
    }
    #expect(failure.error.code == .parseError)
  }

  @Test("wire codes and reasons are the documented ones and are all distinct")
  func codes() {
    let codes = StrideError.Code.allCases.map(\.wireCode)
    #expect(Set(codes).count == codes.count)
    #expect(StrideError.Code.taskNotFound.wireCode == 1)
    #expect(StrideError.Code.parseError.wireCode == -32700)
    #expect(WireError(StrideError.noTask(TaskID(3))).data.reason == "task-not-found")
  }

  @Test("params errors name the field and what it should be")
  func paramsMessages() throws {
    let missing = #expect(throws: StrideError.self) { try JSONValue.object([:]).decode(TaskRef.self) }
    #expect(missing?.message == "'id' is missing")
    let mistyped = #expect(throws: StrideError.self) {
      try JSONValue.object(["id": .string("x")]).decode(TaskRef.self)
    }
    #expect(mistyped?.message == "'id' must be an integer")
    let params = try JSONValue.object(["id": .integer(1), "due": .null, "title": .string("x")]).decode(
      Wire.TaskUpdate.Params.self)
    #expect(TaskPatch(params) == TaskPatch(title: "x", due: .some(nil)))
  }
}
