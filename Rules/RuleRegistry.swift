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
        RandomViewID.self,
        PrintChanges.self,
        TaskInOnAppear.self,
        AnyViewUsage.self,
        InlineEnvironmentModel.self,
        ForEachInlineTransform.self,
        StateMutationInBody.self,
        FormatterInBody.self,
        ForEachConditionalRow.self,
        ObservedObjectDefault.self,
        StateNotPrivate.self,
        StateFromParameter.self,
        BindingToObservable.self,
        UnusedState.self,
        StateNeverMutated.self,
        BindableWithoutBinding.self,
        ForEachUnusedBinding.self,
        HeavyStateDefault.self,
        UnownedModel.self,
        StateHoldsReference.self,
        ModifierMissingDot.self,
        MisplacedNavigationModifier.self,
        MisplacedListRowModifier.self,
        PickerMultipleSelection.self,
        ImageMissingResizable.self,
        PreviewInsideType.self,
        ScrollableBackgroundHidden.self,
        SelectionTypeMismatch.self,
        AccessibilityButtonTrait.self,
        AccessibilityImageLabel.self,
        NestedNavigationStack.self,
        InvalidSystemSymbol.self,
        MissingEnvironmentObject.self,
        PreviewMissingEnvironment.self,
        NavigationOutsideStack.self,
        MissingModelContainer.self,
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
        SpacerAlignment.self,
        SheetDismissBinding.self,
        AlignmentMismatch.self,
        UngroupedViews.self,
        NavigationBackLink.self,
        UnusedSuppression.self,
        UnknownRuleInSuppression.self,
    ]

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    public static var ids: [String] { all.map { $0.description.id } }
}
