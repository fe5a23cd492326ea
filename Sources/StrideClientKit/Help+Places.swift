import StrideBase
import StridePlatform
import StrideWire

extension Help {
  /// The help texts kept outside Help.swift.
  static let otherCommands = findingCommands.merging(placesCommands) { kept, _ in kept }
    .merging(daemonCommands) { kept, _ in kept }

  /// The help of the commands that bring Stride where its people already are: an assistant (mcp).
  static let placesCommands: [String: String] = [
    "mcp": """
    Usage: stride mcp

    A Model Context Protocol server on stdin and stdout, for an assistant app to start. Its tools:
    capture (dryRun says how a thought would be read), now (energy, minutes, list), defer (the
    five reasons, until in words), done (12, or 12.2 for a step), show, find, list, energy and
    undo; deleting is not offered. The resource stride://now is the current five, and a client
    subscribed to it hears when they change. Each tool runs the stride command of its name
    (capture is add), starting the daemon if need be, and answers in that command's sentences
    with the daemon's reply as structured content. An app's configuration names it like this:

      { "mcpServers":
          { "stride": { "command": "stride", "args": ["mcp"] } } }

    It speaks MCP's current revision (2026-07-28) and the handshake revisions before it
    (2024-11-05 to 2025-11-25), whichever the app opens with. It ends when its standard input
    does. Docs/mcp.md has the details.
    """
  ]
}
