import SwiftUI

struct FormattedEvent: View {
    let date: Date
    let price: Decimal
    let payload: Data

    var body: some View {
        let formatter = DateFormatter() // expect: formatter_in_body
        VStack {
            Text(formatter.string(from: date))
            Text(priceText)
            Text(String(describing: try? JSONDecoder().decode([String].self, from: payload))) // expect: formatter_in_body
        }
    }

    var priceText: String {
        let formatter: NumberFormatter = {
            let formatter = NumberFormatter() // expect: formatter_in_body
            formatter.numberStyle = .currency
            return formatter
        }()
        return formatter.string(for: price) ?? ""
    }
}
