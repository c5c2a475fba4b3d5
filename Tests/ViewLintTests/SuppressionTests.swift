import Testing
import ViewLintCore
import ViewLintEngine

/// Every suppression form, run through the real engine with the real `unused_stored_input`.
@Suite("In-source suppressions")
struct SuppressionTests {
    /// `line:column rule` for each reported finding.
    func reported(_ code: String, only: [String]? = nil) -> [String] {
        LintHarness.lint([("A.swift", code)], only: only).findings.map { "\($0.start.line):\($0.start.column) \($0.ruleID)" }
    }

    /// `line rule [reason]` for each suppressed finding.
    func suppressed(_ code: String) -> [String] {
        LintHarness.lint([("A.swift", code)]).suppressedFindings.map {
            "\($0.start.line) \($0.ruleID)" + ($0.suppression?.justification.map { " [\($0)]" } ?? "")
        }
    }

    func messages(_ code: String) -> [String] {
        LintHarness.lint([("A.swift", code)]).findings.map(\.message)
    }

    @Test func disableUntilEnable() {
        let code = """
            struct V: View {
                // viewlint:disable unused_stored_input - legacy inputs
                let a: Int
                let b: Int
                // viewlint:enable unused_stored_input
                let c: Int
                var body: some View { Text("") }
            }
            """
        #expect(reported(code) == ["6:9 unused_stored_input"])
        #expect(suppressed(code) == ["3 unused_stored_input [legacy inputs]", "4 unused_stored_input [legacy inputs]"])
    }

    @Test func disableWithoutEnableRunsToTheEndOfTheFile() {
        let code = """
            struct V: View {
                let a: Int
                // viewlint:disable unused_stored_input
                let b: Int
                var body: some View { Text("") }
            }
            struct W: View {
                let c: Int
                var body: some View { Text("") }
            }
            """
        #expect(reported(code) == ["2:9 unused_stored_input"])
        #expect(suppressed(code).count == 2)
    }

    @Test func disableNextLineSkipsCommentLinesButNotBlankOnes() {
        let stacked = """
            struct V: View {
                // viewlint:disable-next-line unused_stored_input - stacked
                // viewlint:disable-next-line unused_suppression
                /* a note */ // and more
                let a: Int
                let b: Int
                var body: some View { Text("") }
            }
            """
        // Both directives target line 5; the second silences nothing there, so it is reported.
        #expect(reported(stacked) == ["3:35 unused_suppression", "6:9 unused_stored_input"])
        #expect(suppressed(stacked) == ["5 unused_stored_input [stacked]"])
        let blank = """
            struct V: View {
                // viewlint:disable-next-line unused_stored_input

                let a: Int
                var body: some View { Text("") }
            }
            """
        #expect(reported(blank) == ["2:35 unused_suppression", "4:9 unused_stored_input"])
    }

    @Test func disableLineIsTrailing() {
        let code = """
            struct V: View {
                let a: Int // viewlint:disable-line unused_stored_input - needed by the preview
                let b: Int
                var body: some View { Text("") }
            }
            """
        #expect(reported(code) == ["3:9 unused_stored_input"])
        #expect(suppressed(code) == ["2 unused_stored_input [needed by the preview]"])
    }

    @Test func disableFileAppliesEverywhereWhereverItIs() {
        let code = """
            struct V: View {
                let a: Int
                var body: some View { Text("") }
            }
            struct W: View {
                let b: Int
                var body: some View { Text("") }
            }
            // viewlint:disable-file unused_stored_input - generated code
            """
        #expect(reported(code).isEmpty)
        #expect(suppressed(code) == ["2 unused_stored_input [generated code]", "6 unused_stored_input [generated code]"])
    }

    @Test func allStandsForEveryRule() {
        let code = """
            // viewlint:disable-file all
            struct V: View {
                let a: Int
                // viewlint:disable-next-line nonexistent_rule
                let b: Int
                var body: some View { Text("") }
            }
            """
        // The unknown rule in the suppression is reported, and silenced by `all` too.
        #expect(reported(code).isEmpty)
        #expect(Set(suppressed(code)) == ["3 unused_stored_input", "5 unused_stored_input", "4 unknown_rule_in_suppression"])
        for form in ["// viewlint:disable-next-line all", "// viewlint:disable all"] {
            let next = """
                struct V: View {
                    \(form)
                    let a: Int
                    var body: some View { Text("") }
                }
                """
            #expect(reported(next).isEmpty, "\(form)")
        }
        #expect(reported("struct V: View {\n    let a: Int // viewlint:disable-line all\n    var body: some View { Text(\"\") }\n}\n").isEmpty)
    }

    @Test func enableInsideDisableAllReEnablesOneRule() {
        let code = """
            // viewlint:disable all
            struct V: View {
                let a: Int
                // viewlint:enable unused_stored_input
                let b: Int
                // viewlint:disable unused_stored_input
                let c: Int
                // viewlint:enable all
                let d: Int
                var body: some View { Text("") }
            }
            """
        #expect(reported(code) == ["5:9 unused_stored_input", "9:9 unused_stored_input"])
        #expect(suppressed(code) == ["3 unused_stored_input", "7 unused_stored_input"])
    }

    @Test func severalIdsAndRemarks() {
        let code = """
            struct V: View {
                // viewlint:disable-next-line unused_stored_input, unused_suppression - both // a remark, not the reason
                let a: Int
                var body: some View { Text("") }
            }
            """
        // `unused_suppression` in the list silenced nothing.
        #expect(reported(code) == ["2:56 unused_suppression"])
        #expect(suppressed(code) == ["3 unused_stored_input [both]"])
        let noReason = "struct V: View {\n    let a: Int // viewlint:disable-line unused_stored_input -\n    var body: some View { Text(\"\") }\n}\n"
        #expect(suppressed(noReason) == ["2 unused_stored_input"])
        let docComment = "struct V: View {\n    /// viewlint:disable-next-line unused_stored_input\n    let a: Int\n    var body: some View { Text(\"\") }\n}\n"
        #expect(reported(docComment).isEmpty)
    }

    @Test func textInStringsAndBlockCommentsIsNotASuppression() {
        let code = #"""
            struct V: View {
                let a: Int
                let b: Int
                let c: Int
                let d: Int
                var body: some View {
                    let one = "// viewlint:disable-file all"
                    let many = """
                        // viewlint:disable-file all
                        """
                    let raw = #"// viewlint:disable-file unused_stored_input"#
                    let interpolated = "\(one) // viewlint:disable-file all"
                    /* viewlint:disable-file all */
                    return Text(many + raw + interpolated)
                }
            }
            """#
        #expect(reported(code) == ["2:9 unused_stored_input", "3:9 unused_stored_input", "4:9 unused_stored_input",
                                   "5:9 unused_stored_input"])
        #expect(suppressed(code).isEmpty)
    }

    @Test func unusedSuppressionsAreReportedAtTheirRuleID() {
        let code = """
            struct V: View {
                // viewlint:disable-next-line unused_stored_input
                let a: Int
                let b: Int // viewlint:disable-line unused_stored_input
                // viewlint:disable unused_stored_input
                // viewlint:enable unused_stored_input
                var body: some View { Text("\\(a)\\(b)") }
            }
            """
        #expect(reported(code) == ["2:35 unused_suppression", "4:41 unused_suppression", "5:25 unused_suppression"])
        #expect(messages(code)[0] == "suppression of 'unused_stored_input' silences nothing; remove it so it cannot hide a future finding")
        let all = "// viewlint:disable-file all - nothing to hide\nstruct V: View {\n    var body: some View { Text(\"\") }\n}\n"
        #expect(reported(all) == ["1:26 unused_suppression"])
        // An `all` that silences an unused suppression elsewhere is in use, as `all` means every rule.
        let covering = "// viewlint:disable-file all\n// viewlint:disable-next-line unused_stored_input\nlet x = 1\n"
        #expect(reported(covering).isEmpty)
    }

    @Test func unusedSuppressionCanItselfBeSuppressedButNotBySelf() {
        let code = """
            struct V: View {
                // viewlint:disable-next-line unused_suppression - kept for the 2.0 branch
                let a: Int // viewlint:disable-line unused_stored_input
                let b: Int // viewlint:disable-line unused_stored_input unused_suppression
                var body: some View { Text("\\(a)\\(b)") }
            }
            """
        // Line 3's unused report is silenced by line 2. Line 4 cannot silence the report about
        // itself, so both of its ids are reported unused.
        #expect(reported(code) == ["4:41 unused_suppression", "4:61 unused_suppression"])
        #expect(suppressed(code) == ["3 unused_suppression [kept for the 2.0 branch]"])
    }

    @Test func suppressionsOfRulesThatDidNotRunAreNotJudged() {
        let code = """
            struct V: View {
                // viewlint:disable-next-line unused_stored_input
                let a: Int
                var body: some View { Text("\\(a)") }
            }
            """
        #expect(reported(code) == ["2:35 unused_suppression"])
        #expect(reported(code, only: ["unused_suppression", "unknown_rule_in_suppression"]).isEmpty)
        // With the suppression rules themselves off, nothing about suppressions is reported.
        #expect(reported(code, only: ["unused_stored_input"]).isEmpty)
    }

    @Test func unknownRulesAndMalformedDirectives() {
        let code = """
            struct V: View {
                // viewlint:disable-next-line unused_stored_inptu
                let a: Int
                // viewlint:disable-nextline unused_stored_input
                let b: Int
                // viewlint:disable-next-line
                let c: Int
                // viewlint:enable unused_stored_inputs
                // viewlint: a remark that mentions the tool is not a directive
                var body: some View { Text("\\(a)\\(b)\\(c)") }
            }
            """
        #expect(reported(code) == ["2:35 unknown_rule_in_suppression", "4:17 unknown_rule_in_suppression",
                                   "6:5 unknown_rule_in_suppression", "8:24 unknown_rule_in_suppression"])
        #expect(messages(code) == [
            "suppression names unknown rule 'unused_stored_inptu'; did you mean 'unused_stored_input'?",
            "'viewlint:disable-nextline' is not a suppression directive, so it silences nothing; did you mean 'viewlint:disable-next-line'?",
            "suppression 'viewlint:disable-next-line' names no rule; list the rule ids it silences, or 'all'",
            "suppression names unknown rule 'unused_stored_inputs'; did you mean 'unused_stored_input'?",
        ])
        #expect(reported(code, only: ["unused_stored_input"]).isEmpty)
    }

    @Test func suppressedFindingsKeepWhereTheyWereSilenced() {
        let result = LintHarness.lint([("A.swift", "struct V: View {\n    // viewlint:disable-next-line unused_stored_input - why\n    let a: Int\n    var body: some View { Text(\"\") }\n}\n")])
        let finding = try? #require(result.suppressedFindings.first)
        #expect(finding?.suppression == SuppressionInfo(justification: "why", line: 2))
    }
}
