/// SDK modifier names the correctness rules reason about, in one place so they can be reviewed.
public enum ModifierNames {
    /// SwiftUI `View` modifiers: a bare call of one of these on its own line inside a view's
    /// builder is almost certainly a modifier that lost its dot. Only names of `View` (not
    /// `Image`/`Text`/`Shape`) methods, since a bare call resolves against `self`, a view.
    public static let viewModifiers: Set<String> = [
        "accessibilityAddTraits", "accessibilityElement", "accessibilityHidden", "accessibilityHint",
        "accessibilityIdentifier", "accessibilityLabel", "accessibilityValue", "alert", "alignmentGuide",
        "allowsHitTesting", "animation", "aspectRatio", "autocorrectionDisabled", "background", "badge", "blur",
        "border", "brightness", "buttonStyle", "clipShape", "clipped", "colorMultiply", "compositingGroup",
        "confirmationDialog", "containerRelativeFrame", "contentShape", "contextMenu", "contrast", "controlSize",
        "cornerRadius", "disabled", "drawingGroup", "edgesIgnoringSafeArea", "environment", "environmentObject",
        "fixedSize", "focused", "font", "fontWeight", "foregroundColor", "foregroundStyle", "frame",
        "fullScreenCover", "gesture", "grayscale", "help", "hidden", "ignoresSafeArea", "interactiveDismissDisabled",
        "keyboardShortcut", "labelStyle", "labelsHidden", "layoutPriority", "lineLimit", "lineSpacing", "listRowBackground",
        "listRowInsets", "listRowSeparator", "listStyle", "mask", "matchedGeometryEffect", "minimumScaleFactor",
        "multilineTextAlignment", "navigationBarBackButtonHidden", "navigationBarHidden", "navigationBarTitleDisplayMode",
        "navigationDestination", "navigationTitle", "offset", "onAppear", "onChange", "onDisappear", "onHover",
        "onLongPressGesture", "onReceive", "onSubmit", "onTapGesture", "opacity", "overlay", "padding", "pickerStyle",
        "popover", "position", "preferredColorScheme", "presentationDetents", "redacted", "refreshable",
        "rotationEffect", "safeAreaInset", "saturation", "scaleEffect", "scaledToFill", "scaledToFit",
        "scrollContentBackground", "scrollDisabled", "scrollIndicators", "searchable", "shadow", "sheet",
        "simultaneousGesture", "statusBarHidden", "swipeActions", "tabItem", "tabViewStyle", "task", "textCase",
        "textFieldStyle", "textSelection", "tint", "toggleStyle", "toolbar", "toolbarBackground", "transition",
        "truncationMode", "zIndex",
    ]
}
