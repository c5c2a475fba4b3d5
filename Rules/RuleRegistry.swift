import ViewLintCore

/// Every rule viewlint has, in the order `viewlint rules` lists them. Adding a rule means adding
/// its file and one line here; a test checks that every rule is listed and every id is unique.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        UnusedStoredInput.self,
        ClosureInput.self,
        UnusedEnvironment.self,
        ObservableObjectUsage.self,
        UnstableForEachID.self,
        IfElseIdentitySplit.self,
        NestedButton.self,
        FrameInfinity.self,
        ForEachClosedRange.self,
        ScrollAxisMismatch.self,
        StackChildCount.self,
        ControlAccessibilityLabel.self,
        ListRowButtons.self,
        ToolbarItemGrouping.self,
        SimplifiableStyle.self,
        DeprecatedAPI.self,
        RepeatedModifier.self,
        UnusedSuppression.self,
        UnknownRuleInSuppression.self,
    ]

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    public static var ids: [String] { all.map { $0.description.id } }
}
