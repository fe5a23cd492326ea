import Foundation

/// The server families FaultProxy plays in front of a real server: what one implementation does that another does
/// not, made here so each is tested on any server (Docs/sync.md, "Servers").
extension FaultProxy {
  /// A request that asks for its answer uncompressed, so that the families can change it.
  static func plain(_ request: LoopbackHTTP.Request) -> LoopbackHTTP.Request {
    let head = LoopbackHTTP.replacing("Accept-Encoding", with: nil, in: String(decoding: request.head, as: UTF8.self))
    return LoopbackHTTP.Request(head: Data(head.utf8), body: request.body)
  }

  /// A PUT as a server that rewrites what it stores would store it: in each component, the properties in reverse
  /// order (a component's own components stay where they are), DTSTAMP set to the server's time, and a property of
  /// the server's own.
  static func rewritten(_ request: LoopbackHTTP.Request) -> LoopbackHTTP.Request {
    var lines = String(decoding: request.body, as: UTF8.self).components(separatedBy: "\r\n")
    if lines.last == "" { lines.removeLast() }
    let body = Data((reordered(lines[...]).joined(separator: "\r\n") + "\r\n").utf8)
    let head = LoopbackHTTP.replacing(
      "Content-Length", with: "\(body.count)", in: String(decoding: request.head, as: UTF8.self))
    return LoopbackHTTP.Request(head: Data(head.utf8), body: body)
  }

  /// One component's lines (BEGIN to END), its properties reversed and restamped; each property keeps its folded
  /// continuation lines.
  private static func reordered(_ lines: ArraySlice<String>) -> [String] {
    guard let begin = lines.first, begin.hasPrefix("BEGIN:") else { return Array(lines) }
    var properties: [[String]] = []
    var children: [[String]] = []
    var index = lines.index(after: lines.startIndex)
    while index < lines.endIndex - 1 {
      let line = lines[index]
      if line.hasPrefix("BEGIN:") {
        let end = lines[index...].firstIndex(of: "END:" + line.dropFirst(6)) ?? lines.endIndex - 2
        children.append(reordered(lines[index...end]))
        index = end + 1
      } else if line.hasPrefix(" ") || line.hasPrefix("\t"), !properties.isEmpty {
        properties[properties.count - 1].append(line)
        index += 1
      } else {
        properties.append([line.hasPrefix("DTSTAMP") ? "DTSTAMP:20300101T000000Z" : line])
        index += 1
      }
    }
    if begin == "BEGIN:VTODO" { properties.append(["X-SERVER-STORED:rewritten"]) }
    return [begin] + properties.reversed().flatMap { $0 } + children.flatMap { $0 } + [lines[lines.endIndex - 1]]
  }

  /// The server's answer as the schedule's families change it.
  static func family(_ schedule: Schedule, _ request: LoopbackHTTP.Request, _ answer: Data) -> Data {
    guard schedule.rewriteStored || schedule.hideETags || schedule.principalOnly || schedule.rewritePropfind != nil,
      let split = answer.range(of: Data("\r\n\r\n".utf8))
    else { return answer }
    var head = String(decoding: answer[..<split.lowerBound], as: UTF8.self)
    var body = Data(answer[split.upperBound...])
    if LoopbackHTTP.header("Transfer-Encoding", in: head)?.lowercased() == "chunked" {
      body = dechunked(body)
      head = LoopbackHTTP.replacing("Transfer-Encoding", with: nil, in: head)
    }
    if schedule.rewriteStored, request.method == "PUT" { head = LoopbackHTTP.replacing("ETag", with: nil, in: head) }
    if request.method == "PROPFIND" {
      var text = String(decoding: body, as: UTF8.self)
      if schedule.hideETags { text = removing("getetag", from: text) }
      if schedule.principalOnly, String(decoding: request.body, as: UTF8.self).contains("current-user-principal") {
        text = removing("calendar-home-set", from: text)
      }
      if let rewrite = schedule.rewritePropfind { text = rewrite(text) }
      body = Data(text.utf8)
    }
    head = LoopbackHTTP.replacing("Content-Length", with: "\(body.count)", in: head)
    return Data((head + "\r\n\r\n").utf8) + body
  }

  /// XML text without any element called `name` (in any namespace prefix), empty or with content.
  private static func removing(_ name: String, from text: String) -> String {
    let element = "<([A-Za-z0-9_-]+:)?\(name)(\\s[^>]*)?(/>|>[\\s\\S]*?</([A-Za-z0-9_-]+:)?\(name)\\s*>)"
    return text.replacingOccurrences(of: element, with: "", options: .regularExpression)
  }

  /// A chunked body (RFC 9112 §7.1) as the bytes it carries.
  private static func dechunked(_ body: Data) -> Data {
    var rest = body[...]
    var whole = Data()
    while let line = rest.range(of: Data("\r\n".utf8)),
      let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16),
      size > 0
    {
      let start = line.upperBound
      whole.append(rest[start..<min(start + size, rest.endIndex)])
      rest = rest[min(start + size + 2, rest.endIndex)...]
    }
    return whole
  }
}
