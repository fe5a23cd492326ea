import Foundation
import Testing

@testable import StrideCalDAV

/// Stride reads CalDAV servers' WebDAV answers with its own XML reader; these are the ways servers write them, and
/// the ways a document is not XML.
@Suite("WebDAV XML reader")
struct XMLReaderTests {
  func parse(_ text: String) -> DAVElement? { DAVElement.parse(Data(text.utf8)) }

  @Test("prefixes, default namespaces and redeclarations resolve to the namespace each name is in")
  func namespaces() throws {
    let root = try #require(
      parse(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:multistatus xmlns:d="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <d:response><d:propstat><d:prop>
            <C:supported-calendar-component-set><C:comp name="VEVENT"/><C:comp name='VTODO'/></C:supported-calendar-component-set>
            <x:color xmlns:x="http://apple.com/ns/ical/">#ff0000</x:color>
            <displayname xmlns="DAV:">Tasks</displayname>
            <d:owner xmlns:d="http://example.com/other"/>
          </d:prop></d:propstat></d:response>
        </d:multistatus>
        """))
    #expect(root.name == "multistatus" && root.namespace == "DAV:")
    let prop = try #require(root.find("prop"))
    #expect(prop.children.map(\.name) == ["supported-calendar-component-set", "color", "displayname", "owner"])
    #expect(
      prop.children.map(\.namespace) == [
        "urn:ietf:params:xml:ns:caldav", "http://apple.com/ns/ical/", "DAV:", "http://example.com/other",
      ])
    #expect(prop.children[0].all("comp").compactMap { $0.attributes["name"] } == ["VEVENT", "VTODO"])
    #expect(prop.child("color")?.text == "#ff0000")
  }

  @Test("references, CDATA, comments, instructions, a byte-order mark and line ends read as the text they stand for")
  func text() throws {
    let document =
      "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- a server's banner -->\n<?php x?>"
      + "<a xmlns=\"DAV:\" title=\"x&amp;y\ttab\r\nline&#10;kept\">"
      + "1 &lt; 2 &gt; 0 &quot;&apos; &#65;&#x42;&#x1F600;<!-- -->"
      + "<![CDATA[<not> &amp; a tag]]>\r\nend</a>\n<!-- after -->\n"
    let root = try #require(parse(document))
    #expect(root.text == "1 < 2 > 0 \"' AB😀<not> &amp; a tag\nend")
    #expect(root.attributes["title"] == "x&y tab line\nkept")
  }

  @Test("an iCalendar body inside calendar-data keeps every line")
  func calendarData() throws {
    let body = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:Call <Sam> & Jo\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let escaped = body.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let root = try #require(
      parse(
        #"<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/t/a.ics</href>"#
          + #"<propstat><prop><C:calendar-data>\#(escaped)</C:calendar-data></prop>"#
          + "<status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"))
    // XML reads CRLF as LF; the iCalendar reader takes either.
    #expect(root.find("calendar-data")?.text == body.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  @Test(
    "what is not well-formed, namespaced XML is refused, not half read",
    arguments: [
      "", "   ", "text", "<a>", "<a></b>", "<a><b></a></b>", "<a/><b/>", "<a/>text", "text<a/>", "<a x=1/>",
      "<a x=\"1\" x=\"2\"/>", "<a x=\"1\"y=\"2\"/>", "<a x=\"<\"/>", "<p:a/>", "<a xmlns:p=\"\"/>",
      "<a:b:c xmlns:a=\"x\"/>",
      "<a>&nbsp;</a>", "<a>&#0;</a>", "<a>&#xD800;</a>", "<a>&#x110000;</a>", "<a>&#+65;</a>", "<a>&amp</a>",
      "<a>\u{01}</a>", "<a><![CDATA[\u{00}]]></a>", "<?xml version=\"1.0\u{00}\"?><a/>",
      "<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>", "<a><!DOCTYPE b></a>", "<a><![CDATA[x</a>",
      "<a><!-- x</a>", "<a><?pi x</a>", "<?xml version=\"1.0\"?><?XML x?><a/>", "</a>", "<1a/>",
      "<p:1a xmlns:p=\"x\"/>", "<a",
    ])
  func refused(_ document: String) {
    #expect(parse(document) == nil)
  }

  @Test("a document nested deeper than any WebDAV answer is refused; one within the limit is read")
  func depth() {
    func nested(_ depth: Int) -> String {
      String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    }
    #expect(parse(nested(XMLReader.maxDepth)) != nil)
    #expect(parse(nested(XMLReader.maxDepth + 1)) == nil)
    #expect(parse(nested(100_000)) == nil)
  }
}
