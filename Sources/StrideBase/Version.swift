/// This build's version: reported as `strided/<version>` in the greeting, and written where Stride names itself
/// (an iCalendar's PRODID, the manual pages, `stride --version`, the MCP server's info).
public let strideVersion = "0.1.0"
