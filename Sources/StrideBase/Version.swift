/// This build's version: reported as `strided/<version>` in the greeting, and written where Stride names itself
/// (an iCalendar's PRODID, the manual pages, `stride --version`, the MCP server's info).
public let strideVersion = "0.1.0"

/// The day this version was set: the date the manual pages show in their footer.
public let strideVersionDate = "2026-11-28"
