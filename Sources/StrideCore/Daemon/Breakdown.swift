import Foundation
import StrideJSON
import StrideModel
import StridePlatform
import StrideProtocol

/// The optional breakdown command (`capture.breakdownCommand` in config.json): a program, such as a local
/// language-model tool, that suggests the steps of a captured thought.
///
/// It receives `{"text": raw text, "title": title, "steps": the built-in steps}` on stdin and prints
/// `{"steps": ["…", …]}` (or a bare array). Anything else — a failure, a timeout, no steps, more than 20, an empty
/// or oversized step — and the built-in steps stand.
public struct Breakdown: Sendable {
  public let command: [String]
  public let timeout: Double
  private let log: Log

  public init?(config: StrideConfig, log: Log = Log()) {
    guard let command = config.capture.breakdownCommand else { return nil }
    self.command = command
    timeout = config.capture.breakdownTimeoutSeconds
    self.log = log
  }

  /// The draft with the program's steps, or unchanged when the program gives nothing usable.
  public func apply(to draft: TaskDraft) -> TaskDraft {
    struct Request: Encodable {
      var text: String
      var title: String
      var steps: [String]
    }
    guard let input = try? JSONValueEncoder.bytes(Request(text: draft.rawInput, title: draft.title, steps: draft.steps))
    else { return draft }
    guard let output = ExternalCommand.run(command, input: input, timeout: timeout) else {
      log.info("the breakdown command failed or took longer than \(timeout) s; using the built-in steps")
      return draft
    }
    guard let steps = Self.steps(from: output) else {
      log.info("the breakdown command printed something that is not a list of steps; using the built-in steps")
      return draft
    }
    var result = draft
    result.steps = steps
    return result
  }

  /// Valid steps from the program's output, or nil.
  static func steps(from output: [UInt8]) -> [String]? {
    struct Reply: Decodable { var steps: [String] }
    // Strict JSON (JSONReader), after a UTF-8 byte-order mark that some programs write first.
    let output = output.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(output.dropFirst(3)) : output
    guard
      let raw = (try? JSONValueDecoder.decode(Reply.self, from: output))?.steps
        ?? (try? JSONValueDecoder.decode([String].self, from: output))
    else { return nil }
    let steps = raw.map(\.trimmingWhitespace)
    guard (1...20).contains(steps.count),
      steps.allSatisfy({ !$0.isEmpty && $0.count <= StrideTask.maximumTitleLength })
    else { return nil }
    return steps
  }
}
