import StrideBase
import StrideClientKit
import StrideJSON
import StrideWire

/// One tool an assistant may call, with the JSON Schema of its input. Each does what one `stride` command does
/// (named in `command`), through the same call to the daemon; deleting is not offered.
public struct MCPTool: Sendable {
  public enum Name: String, Sendable, CaseIterable {
    case capture, now, `defer`, done, start, stop, show, find, list, energy, undo

    /// The `stride` command the tool runs: its own name, but capture is `add`.
    public var command: CommandName { self == .capture ? .add : CommandName(rawValue: rawValue)! }
  }

  public var id: Name
  public var name: String { id.rawValue }
  public var title: String
  public var description: String
  /// The input's properties, each with its JSON Schema.
  public var properties: [(String, JSONValue)]
  public var required: [String]
  /// True for a tool that only reads.
  public var readOnly: Bool

  var json: JSONValue {
    .object([
      "name": .string(name), "title": .string(title), "description": .string(description),
      "inputSchema": .object([
        "type": .string("object"), "properties": .object(Dictionary(uniqueKeysWithValues: properties)),
        "required": .array(required.map(JSONValue.string)), "additionalProperties": .bool(false),
      ]),
      "annotations": .object([
        "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(false), "openWorldHint": .bool(false),
      ]),
    ])
  }

  /// The names of a property's allowed values, for a sentence ("low, medium or high").
  public func choices(of property: String) -> [String]? {
    guard case .object(let schema)? = properties.first(where: { $0.0 == property })?.1,
      case .array(let values)? = schema["enum"]
    else { return nil }
    return values.compactMap(\.string)
  }

  private static func schema(_ type: String, _ description: String, choices: [String]? = nil) -> JSONValue {
    var fields: [String: JSONValue] = ["type": .string(type), "description": .string(description)]
    if let choices { fields["enum"] = .array(choices.map(JSONValue.string)) }
    return .object(fields)
  }

  private static let levels = EnergyLevel.allCases.map(\.rawValue)
  private static let taskID = schema("integer", "The task's number, as Stride shows it (task 12 is 12).")

  public static let all: [MCPTool] = [
    MCPTool(
      id: .capture, title: "Capture a thought",
      description:
        "Adds a task from a thought typed the way a person says it: \"call the dentist tomorrow 9am ~10m !low\". "
        + "Stride reads a due time, an estimate (~10m), energy (!low, !medium, !high), steps after a colon, "
        + "#tags and list:NAME. With dryRun, nothing is saved and the reply says how it would be read.",
      properties: [
        ("text", schema("string", "The thought, as the person said it.")),
        ("dryRun", schema("boolean", "Only say how the text would be read; save nothing.")),
      ], required: ["text"], readOnly: false),
    MCPTool(
      id: .now, title: "What to start now",
      description:
        "At most five tasks worth starting now, each with its next step and why it was picked. Pass the "
        + "person's energy and the minutes they have when they say them (\"I'm tired, I have 20 minutes\").",
      properties: [
        ("energy", schema("string", "How the person's energy is now.", choices: levels)),
        ("minutes", schema("integer", "The minutes the person has.")),
        ("list", schema("string", "Only the tasks of this list (such as home).")),
        ("limit", schema("integer", "How many tasks to show, at most (five unless said).")),
      ], required: [], readOnly: true),
    MCPTool(
      id: .defer, title: "Put a task off, with a reason",
      // Said from the reasons' own rules, so the assistant is told what `defer` really does.
      description:
        "Defers a task with the reason the person gives, so Stride brings it back at a better moment. "
        + DeferReason.allCases.map { "\($0.rawValue): \($0.rule(until: "until", on: nil))." }.joined(separator: " "),
      properties: [
        ("id", taskID),
        ("reason", schema("string", "Why it is put off.", choices: DeferReason.allCases.map(\.rawValue))),
        ("until", schema("string", "When it comes back, in words: tonight, tomorrow 9am, next friday, in 2 hours.")),
      ], required: ["id", "reason"], readOnly: false),
    MCPTool(
      id: .done, title: "Finish a task or a step",
      description: "Marks a task done (\"12\"), or one of its steps (\"12.2\" is the second step of task 12).",
      properties: [("id", schema("string", "The task's number, or task.step such as 12.2."))], required: ["id"],
      readOnly: false),
    MCPTool(
      id: .start, title: "Start a focus session",
      description:
        "Helps the person start: a focus session on a task (\"12\") or one of its steps (\"12.2\"), or without an id "
        + "on the first task of now, for a timebox they can see passing (five minutes unless said: \"just start\"). "
        + "For a task with no steps, pass firstStep, the very first physical action the person names; it becomes "
        + "step 1, the task itself step 2. One session runs at a time: when another runs, the reply names it, and "
        + "switch replaces it.",
      properties: [
        ("id", schema("string", "The task's number, or task.step such as 12.2; none: the first task of now.")),
        ("minutes", schema("integer", "The timebox in minutes, 1 to 720 (five unless said).")),
        ("switch", schema("boolean", "End the session running on another task and start this one.")),
        ("firstStep", schema("string", "For a task with no steps: the very first physical action, as step 1.")),
      ], required: [], readOnly: false),
    MCPTool(
      id: .stop, title: "Stop the focus session",
      description:
        "Ends the running focus session and says how long it ran. Stopping is a fine answer. To finish what it was "
        + "on, use done with its task (\"12\") or step (\"12.2\"): a session on one step ends with it, one on the "
        + "whole task goes on with the next step.",
      properties: [], required: [], readOnly: false),
    MCPTool(
      id: .show, title: "Show a task", description: "Everything about one task: its steps, times, notes and history.",
      properties: [("id", taskID)], required: ["id"], readOnly: true),
    MCPTool(
      id: .find, title: "Find tasks",
      description: "Finds tasks, open and done, whose title, thought, steps, tags or notes have these words.",
      properties: [("query", schema("string", "The words to look for."))], required: ["query"], readOnly: true),
    MCPTool(
      id: .list, title: "List tasks",
      description: "The open tasks (or the done ones, or all), in one list or every one.",
      properties: [
        (
          "status", schema("string", "Which tasks: open (the default), done or all.", choices: ["open", "done", "all"])
        ),
        ("list", schema("string", "Only the tasks of this list (such as home).")),
      ], required: [], readOnly: true),
    MCPTool(
      id: .energy, title: "Say how the person's energy is",
      description:
        "Without a level, says what the person's energy is set to. With one, sets it for the next hours, and now "
        + "ranks for it; clear forgets it.",
      properties: [
        ("level", schema("string", "How the person's energy is (clear: not known).", choices: levels + ["clear"]))
      ], required: [],
      readOnly: false),
    MCPTool(
      id: .undo, title: "Undo the last change",
      description: "Takes back the last change made from here, and says what it was.",
      properties: [], required: [], readOnly: false),
  ]
}
