import Foundation
import StrideBase

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One GET of a subscribed calendar, read through a delegate rather than a completion handler: so a calendar too
/// large is cut off as soon as that is known (from its Content-Length, else from the bytes received), and each
/// redirect is checked before it is followed.
final class SubscriptionDownload: NSObject, URLSessionDataDelegate, Sendable {
  /// What came back: the last answer's head, its body so far, and why Stride stopped it, when it did.
  struct Outcome {
    var response: HTTPURLResponse?
    var body = Data()
    var refusal: StrideError?
    var error: Error?
  }

  private let limit: Int
  /// Says why a redirect to a URL may not be followed; nil when it may.
  private let refuseRedirect: @Sendable (_ from: URL, _ to: URL) -> StrideError?
  /// Says why a calendar of this many bytes is refused.
  private let refuseSize: @Sendable (Int) -> StrideError
  /// Says why an address that asks for a password is refused.
  private let refusePassword: @Sendable () -> StrideError
  private let outcome = Locked(Outcome())
  private let done = DispatchSemaphore(value: 0)

  init(
    limit: Int, refuseRedirect: @escaping @Sendable (URL, URL) -> StrideError?,
    refuseSize: @escaping @Sendable (Int) -> StrideError, refusePassword: @escaping @Sendable () -> StrideError
  ) {
    self.limit = limit
    self.refuseRedirect = refuseRedirect
    self.refuseSize = refuseSize
    self.refusePassword = refusePassword
  }

  /// Sends `request` and waits until its answer is whole, failed, or stopped. The session is one of its own, ended
  /// here, so nothing (cookies, a cache, the delegate) outlives the call.
  func run(_ request: URLRequest, timeout: Double) -> Outcome {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 4
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    session.dataTask(with: request).resume()
    done.wait()
    session.finishTasksAndInvalidate()
    return outcome.withLock { $0 }
  }

  /// Stops the transfer for a reason of Stride's own: the reason is what the caller hears, not the cancellation.
  private func stop(_ task: URLSessionTask, _ refusal: StrideError) {
    outcome.withLock { if $0.refusal == nil { $0.refusal = refusal } }
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    outcome.withLock {
      $0.response = http
      $0.body = Data()
    }
    if let http, (200..<300).contains(http.statusCode), response.expectedContentLength > limit {
      completionHandler(.cancel)
      return stop(dataTask, refuseSize(Int(response.expectedContentLength)))
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let size = outcome.withLock { outcome -> Int in
      outcome.body.append(data)
      return outcome.body.count
    }
    if size > limit { stop(dataTask, refuseSize(size)) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    if let from = response.url ?? task.currentRequest?.url, let to = request.url,
      let refusal = refuseRedirect(from, to)
    {
      completionHandler(nil)
      return stop(task, refusal)
    }
    completionHandler(request)
  }

  /// A subscription is read without a password, so a challenge (HTTP 401) is refused at once. (Without this, URLSession
  /// on Linux waits forever on a challenge.)
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    completionHandler(.cancelAuthenticationChallenge, nil)
    stop(task, refusePassword())
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    outcome.withLock { $0.error = error }
    done.signal()
  }
}
