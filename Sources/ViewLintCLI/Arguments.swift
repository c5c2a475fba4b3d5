import ViewLintEngine
import ViewLintPlatform

/// A small, strict command-line parser: `--flag`, `--option value`, `--option=value`, `-h`,
/// and `--` to end options. Unknown flags are errors, never ignored.
struct Arguments {
    struct UsageError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    enum Spec {
        case flag
        case value(metavar: String)
    }

    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positional: [String] = []

    /// A command's arguments, or how the command ends before it runs.
    enum Command {
        case run(Arguments)
        case exit(Int32)
    }

    /// Parses a command's `args`; a usage error is written (exit 2), and so is `help` when
    /// `--help` is given (exit 0).
    static func command(_ args: [String], specs: [String: Spec], aliases: [String: String], help: String) -> Command {
        let parsed: Arguments
        do {
            parsed = try Arguments(args, specs: specs, aliases: aliases)
        } catch {
            ViewLintCommand.usageError("\(error)")
            return .exit(ViewLintCommand.ExitCode.failure)
        }
        if parsed.has("--help") {
            FileSystem.writeStandardOutput(help)
            return .exit(ViewLintCommand.ExitCode.success)
        }
        return .run(parsed)
    }

    /// Parses `args` against `specs` (names with their leading dashes; aliases map to a name).
    init(_ args: [String], specs: [String: Spec], aliases: [String: String] = [:]) throws {
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositional || !arg.hasPrefix("-") || arg == "-" {
                positional.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositional = true
                continue
            }
            var name = arg
            var inlineValue: String? = nil
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            name = aliases[name] ?? name
            guard let spec = specs[name] else {
                let known = specs.keys.sorted()
                let suggestion = known.min { editDistance($0, name) < editDistance($1, name) }
                    .flatMap { editDistance($0, name) <= 3 ? "; did you mean '\($0)'?" : nil } ?? ""
                throw UsageError(message: "unknown option '\(arg)'\(suggestion)")
            }
            switch spec {
            case .flag:
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                flags.insert(name)
            case .value(let metavar):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if i < args.count {
                    value = args[i]
                    i += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value (\(metavar))")
                }
                values[name, default: []].append(value)
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func editDistance(_ a: String, _ b: String) -> Int { Linter.editDistance(a, b) }
}
