import StrideBase
import StrideClientKit
import StrideJSON
import StrideWire

/// A tool's arguments, checked against its schema and turned into the command line of the `stride` command it
/// stands for (options first, then `--`, so no text an assistant passes is read as an option).
public struct MCPArguments {
  /// A tool's arguments that cannot be used, or a command's refusal, as a sentence.
  public struct Refusal: Error {
    public var message: String
    public init(_ message: String) { self.message = message }
  }

  private let tool: MCPTool
  private let values: [String: JSONValue]

  public init(_ tool: MCPTool, _ values: [String: JSONValue]) throws(Refusal) {
    self.tool = tool
    self.values = values
    let known = tool.properties.map(\.0)
    if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
      let takes = known.isEmpty ? "takes no arguments" : "takes " + listed(known, "or")
      throw Refusal("the \(tool.name) tool has no argument \(unknown); it \(takes)")
    }
    for name in tool.required where values[name] == nil || values[name] == .null {
      throw Refusal("the \(tool.name) tool needs \(name)")
    }
  }

  /// The command's own arguments.
  public func commandLine() throws(Refusal) -> [String] {
    switch tool.id {
    case .capture:
      let text = try string("text")!
      guard !text.allSatisfy(\.isWhitespace), text.trimmingWhitespace != "-" else {
        throw Refusal("there is nothing to capture; give the thought as text, like \"call the dentist tomorrow\"")
      }
      return (try bool("dryRun") == true ? ["--dry-run"] : []) + ["--", text]
    case .now:
      var line = try option("--energy", choice("energy")) + option("--list", string("list"))
      line +=
        try option("--for", number("minutes").map { "\($0)m" }) + option("--limit", number("limit").map(String.init))
      return line
    case .defer:
      return try option("--until", string("until")) + ["--", String(try number("id")!), try choice("reason")!]
    case .done: return ["--", try address("id")!]
    case .start:
      var line = try option("--for", number("minutes").map { "\($0)m" }) + option("--first", string("firstStep"))
      if try bool("switch") == true { line.append("--switch") }
      return line + (try address("id").map { ["--", $0] } ?? [])
    case .stop: return []
    case .show: return ["--", String(try number("id")!)]
    case .find: return ["--", try string("query")!]
    case .list:
      let status = try choice("status").map { ["--status", $0] } ?? []
      return status + option("--list", try string("list"))
    case .energy: return try choice("level").map { [$0] } ?? []
    case .undo: return []
    }
  }

  /// A task or step as the person names it: a number (12), or text ("12", "12.2").
  private func address(_ name: String) throws(Refusal) -> String? {
    if case .integer(let number)? = values[name] { return String(number) }
    return try string(name)
  }

  private func option(_ name: String, _ value: String?) -> [String] {
    value.map { [name, $0] } ?? []
  }

  private func string(_ name: String) throws(Refusal) -> String? {
    switch values[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case .some(let other): throw Refusal("\(name) must be a string, not \(other.kindDescription)")
    }
  }

  private func number(_ name: String) throws(Refusal) -> Int? {
    switch values[name] {
    case nil, .null?: return nil
    case .integer(let number)? where number > 0 && number < Int64(Int32.max): return Int(number)
    case .double(let number)? where number.rounded() == number && number > 0 && number < Double(Int32.max):
      return Int(number)
    case .some: throw Refusal("\(name) must be a whole number above 0, like 12")
    }
  }

  private func bool(_ name: String) throws(Refusal) -> Bool? {
    switch values[name] {
    case nil, .null?: return nil
    case .bool(let value)?: return value
    case .some(let other): throw Refusal("\(name) must be true or false, not \(other.kindDescription)")
    }
  }

  private func choice(_ name: String) throws(Refusal) -> String? {
    guard let text = try string(name) else { return nil }
    let choices = tool.choices(of: name) ?? []
    guard choices.contains(text) else { throw Refusal("\(name) must be one of \(listed(choices, "or")), not \(text)") }
    return text
  }
}
