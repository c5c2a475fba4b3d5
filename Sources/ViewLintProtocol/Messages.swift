/// JSON-RPC 2.0 messages, as LSP uses them.
public enum Message: Sendable, Hashable {
    case request(id: JSON, method: String, params: JSON?)
    case notification(method: String, params: JSON?)
    case response(id: JSON, result: JSON?, error: ResponseError?)

    /// Reads a message from a parsed body. A body that is no message gives the error to answer
    /// with and the id to answer to (null when the id itself could not be read).
    public static func decode(_ json: JSON) -> Result<Message, ErrorReply> {
        guard case .object(let members) = json else {
            return .failure(ErrorReply(id: .null, error: ResponseError(.invalidRequest, "a JSON-RPC message must be an object")))
        }
        let rawID = members["id"]
        var id = JSON.null
        if let rawID {
            switch rawID {
            case .number, .string: id = rawID
            case .null: break
            default:
                return .failure(ErrorReply(id: .null, error: ResponseError(.invalidRequest, "'id' must be a number or a string")))
            }
        }
        guard members["jsonrpc"]?.string == "2.0" else {
            return .failure(ErrorReply(id: id, error: ResponseError(.invalidRequest, "'jsonrpc' must be \"2.0\"")))
        }
        if let method = members["method"] {
            guard let name = method.string else {
                return .failure(ErrorReply(id: id, error: ResponseError(.invalidRequest, "'method' must be a string")))
            }
            let params = members["params"]
            if let params {
                switch params {
                case .object, .array: break
                default:
                    return .failure(ErrorReply(id: id, error: ResponseError(.invalidRequest, "'params' must be an object or an array")))
                }
            }
            if rawID == nil { return .success(.notification(method: name, params: params)) }
            if case .null = rawID! {
                return .failure(ErrorReply(id: .null, error: ResponseError(.invalidRequest, "a request's 'id' may not be null")))
            }
            return .success(.request(id: id, method: name, params: params))
        }
        guard rawID != nil else {
            return .failure(ErrorReply(id: .null, error: ResponseError(.invalidRequest, "a message needs 'method' (request, notification) or 'id' (response)")))
        }
        var error: ResponseError?
        if let e = members["error"] {
            error = ResponseError(code: e["code"]?.int ?? ErrorCode.internalError.rawValue,
                                  message: e["message"]?.string ?? "", data: e["data"])
        }
        return .success(.response(id: id, result: members["result"], error: error))
    }

    public var json: JSON {
        switch self {
        case .request(let id, let method, let params):
            var o: [String: JSON] = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
            if let params { o["params"] = params }
            return .object(o)
        case .notification(let method, let params):
            var o: [String: JSON] = ["jsonrpc": "2.0", "method": .string(method)]
            if let params { o["params"] = params }
            return .object(o)
        case .response(let id, let result, let error):
            var o: [String: JSON] = ["jsonrpc": "2.0", "id": id]
            if let error { o["error"] = error.json } else { o["result"] = result ?? .null }
            return .object(o)
        }
    }

    /// The message framed for the wire.
    public var framed: [UInt8] { FrameReader.frame(json.serialized()) }
}

/// JSON-RPC and LSP error codes.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
    case contentModified = -32801
}

public struct ResponseError: Error, Sendable, Hashable {
    public var code: Int
    public var message: String
    public var data: JSON?

    public init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: ErrorCode, _ message: String) { self.init(code: code.rawValue, message: message) }

    public var json: JSON {
        var o: [String: JSON] = ["code": .int(code), "message": .string(message)]
        if let data { o["data"] = data }
        return .object(o)
    }
}

/// An error response owed to a message that could not be used.
public struct ErrorReply: Error, Sendable, Hashable {
    public var id: JSON
    public var error: ResponseError
    public init(id: JSON, error: ResponseError) {
        self.id = id
        self.error = error
    }
    public var message: Message { .response(id: id, result: nil, error: error) }
}

/// LSP's `DiagnosticSeverity`, `DiagnosticTag` and `CodeActionKind` values viewlint uses.
public enum LSP {
    public enum DiagnosticSeverity: Int { case error = 1, warning, information, hint }
    public enum DiagnosticTag: Int { case unnecessary = 1, deprecated }
    public static let quickFix = "quickfix"
    /// `TextDocumentSyncKind.Incremental`.
    public static let incrementalSync = 2
    /// `FileChangeType`.
    public enum FileChangeType: Int { case created = 1, changed, deleted }
}
