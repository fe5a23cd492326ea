import Foundation

/// An XML element, as WebDAV answers are read: its local name and namespace, its text and its children.
final class DAVElement {
  let name: String
  let namespace: String
  let attributes: [String: String]
  var text = ""
  var children: [DAVElement] = []

  init(name: String, namespace: String, attributes: [String: String]) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
  }

  /// The first child with this local name.
  func child(_ name: String) -> DAVElement? { children.first { $0.name == name } }
  func all(_ name: String) -> [DAVElement] { children.filter { $0.name == name } }
  /// The first element with this local name at any depth below.
  func find(_ name: String) -> DAVElement? {
    for child in children {
      if child.name == name { return child }
      if let found = child.find(name) { return found }
    }
    return nil
  }

  var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Parses a document; nil when it is not well-formed, namespaced XML in UTF-8 (see `XMLReader`).
  static func parse(_ data: Data) -> DAVElement? { XMLReader.read(data) }
}

/// One `response` of a WebDAV multistatus: the resource, its status, and its properties found (status 200).
struct DAVResponse {
  var href: String
  /// The response's own status, for a resource that is gone (`sync-collection`'s removals).
  var status: Int?
  var properties: [String: DAVElement]
  /// Every property found, in the order given: two of one local name in different namespaces (`DAV:invite` and
  /// CalendarServer's `invite`) are both here, where `properties` keeps the last.
  var found: [DAVElement] = []

  /// The multistatus responses of a document, and its sync token; nil when it is not a multistatus.
  static func multistatus(_ data: Data) -> (responses: [DAVResponse], token: String?)? {
    guard let root = DAVElement.parse(data), root.name == "multistatus" else { return nil }
    let responses = root.all("response").compactMap { response -> DAVResponse? in
      guard let href = response.child("href")?.trimmedText, !href.isEmpty else { return nil }
      var properties: [String: DAVElement] = [:]
      var found: [DAVElement] = []
      for propstat in response.all("propstat") where statusCode(propstat.child("status")?.trimmedText) == 200 {
        for property in propstat.child("prop")?.children ?? [] {
          properties[property.name] = property
          found.append(property)
        }
      }
      return DAVResponse(
        href: DAVPath.normal(href), status: statusCode(response.child("status")?.trimmedText), properties: properties,
        found: found)
    }
    return (responses, root.child("sync-token")?.trimmedText)
  }

  /// `HTTP/1.1 404 Not Found` → 404.
  static func statusCode(_ line: String?) -> Int? {
    guard let line else { return nil }
    let parts = line.split(separator: " ")
    return parts.count >= 2 ? Int(parts[1]) : nil
  }

  /// Whether the resource is a calendar collection, and which components it takes (nil: it does not say, so any).
  var isCalendar: Bool { properties["resourcetype"]?.child("calendar") != nil }
  var components: [String]? {
    properties["supported-calendar-component-set"].map { $0.all("comp").compactMap { $0.attributes["name"] } }
  }
  var takesTasks: Bool { isCalendar && (components.map { $0.contains("VTODO") } ?? true) }
  var takesEvents: Bool { isCalendar && (components.map { $0.contains("VEVENT") } ?? true) }
  func href(_ property: String) -> String? {
    guard let text = properties[property]?.child("href")?.trimmedText, !text.isEmpty else { return nil }
    return DAVPath.normal(text)
  }
}

/// Resource paths as sync compares them: percent-decoded, so two spellings of one path are one.
enum DAVPath {
  static func normal(_ href: String) -> String {
    // A full URL is cut to its path.
    var path = href
    if let url = URL(string: href), url.scheme != nil { path = url.path.isEmpty ? "/" : url.path }
    return path.removingPercentEncoding ?? path
  }

  /// The URL of a path on the server of `base`.
  static func url(_ path: String, on base: URL) -> URL {
    var components = URLComponents(url: base, resolvingAgainstBaseURL: true) ?? URLComponents()
    components.path = path
    components.query = nil
    return components.url ?? base
  }
}
