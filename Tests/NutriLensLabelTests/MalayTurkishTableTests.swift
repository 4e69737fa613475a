import XCTest
@testable import NutriLensLabel

/// Malay/Indonesian and Turkish nutrition tables (issue 22, class 5: languages): row names from Malaysia's Food
/// Regulations 1985 labels, Indonesia's BPOM "Informasi Nilai Gizi" and the Turkish Food Codex labelling regulation
/// (EU 1169/2011 wording), read as plain text with the values as printed.
final class MalayTurkishTableTests: XCTestCase {
    /// An Indonesian "Informasi Nilai Gizi" (BPOM 22/2019 vertical format): per serving only, "Energi dari lemak"
    /// (the US "Calories from fat"), a %AKG column, sodium printed as "Garam (Natrium)" in mg, and the %AKG footnote
    /// naming the 2150 kcal reference energy. 7·9 + 2·4 + 20·4 = 151 kcal.
    static let indonesian = """
        INFORMASI NILAI GIZI
        Takaran saji 3 keping (30 g)
        Jumlah sajian per kemasan : 4
        JUMLAH PER SAJIAN
        Energi total 150 kkal
        Energi dari lemak 60 kkal
        % AKG*
        Lemak total 7 g 10 %
        Lemak jenuh 3,5 g 17 %
        Protein 2 g 3 %
        Karbohidrat total 20 g 6 %
        Gula 8 g
        Serat pangan 1 g 4 %
        Garam (Natrium) 95 mg 6 %
        *Persen AKG berdasarkan kebutuhan energi 2150 kkal. Kebutuhan energi Anda mungkin lebih tinggi atau lebih rendah.
        """

    func testIndonesianInformasiNilaiGizi() throws {
        let table = try parseTable(Self.indonesian)
        assertValue(table, "energy-kcal_serving", "150")
        assertValue(table, "fat_serving", "7")
        assertValue(table, "saturated-fat_serving", "3.5")
        assertValue(table, "proteins_serving", "2")
        assertValue(table, "carbohydrates_serving", "20")
        assertValue(table, "sugars_serving", "8")
        assertValue(table, "fiber_serving", "1")
        assertValue(table, "sodium_serving", "95", unit: .milligram)
        // "Garam (Natrium)" names sodium, not salt; "Energi dari lemak" and the footnote's 2150 kkal are no energy.
        XCTAssertNil(table["salt_serving"])
        XCTAssertEqual(table.entries.filter { $0.nutrient == .energyKcal }.count, 1)
        XCTAssertEqual(table.servingSize?.quantity, 30)
        XCTAssertTrue(table.entries.allSatisfy { $0.basis == .perServing }, "\(table.entries.map(\.key))")
    }

    /// A Malaysian bilingual Malay/English table (Food Regulations 1985 reg. 18B: per 100 g and per serving),
    /// serving 30 g: every serving value is 0.3 of its per-100 g value as rounded on the pack.
    static let malaysian = """
        MAKLUMAT PEMAKANAN / NUTRITION INFORMATION
        Saiz hidangan / Serving size: 2 keping (30 g)
        Hidangan setiap bungkusan / Servings per package: 6
        Setiap 100 g / Per 100 g Setiap hidangan / Per serving
        Tenaga / Energy 480 kcal 144 kcal
        Karbohidrat / Carbohydrate 62.0 g 18.6 g
        Jumlah gula / Total sugars 20.0 g 6.0 g
        Protein / Protein 7.0 g 2.1 g
        Lemak / Fat 22.0 g 6.6 g
        Asid lemak tepu / Saturated fatty acids 10.0 g 3.0 g
        Serat diet / Dietary fibre 2.5 g 0.8 g
        Natrium / Sodium 300 mg 90 mg
        """

    func testMalaysianBilingualTable() throws {
        let table = try parseTable(Self.malaysian)
        let expected: [(String, String, String)] = [
            ("energy-kcal", "480", "144"), ("carbohydrates", "62", "18.6"), ("sugars", "20", "6"),
            ("proteins", "7", "2.1"), ("fat", "22", "6.6"), ("saturated-fat", "10", "3"), ("fiber", "2.5", "0.8"),
            ("sodium", "300", "90"),
        ]
        for (key, per100, perServing) in expected {
            assertValue(table, "\(key)_100g", per100)
            assertValue(table, "\(key)_serving", perServing)
        }
        XCTAssertEqual(table.servingSize?.quantity, 30)
        XCTAssertEqual(table.entries.count, 2 * expected.count, "\(table.entries.map(\.key))")
    }

    /// The same names in Malay alone, one name per line above its amounts, as OCR splits a narrow column.
    func testMalayNamesAboveTheirAmounts() throws {
        let table = try parseTable("""
            Maklumat Pemakanan
            Setiap 100 g
            Tenaga
            1850 kJ
            Jumlah lemak
            19 g
            Asid lemak tepu
            9,0 g
            Jumlah karbohidrat
            58 g
            Jumlah gula
            31 g
            Garam
            0,4 g
            """)
        assertValue(table, "energy-kj_100g", "1850")
        assertValue(table, "fat_100g", "19")
        assertValue(table, "saturated-fat_100g", "9")
        assertValue(table, "carbohydrates_100g", "58")
        assertValue(table, "sugars_100g", "31")
        assertValue(table, "salt_100g", "0.4")
    }

    /// A Turkish table (Türk Gıda Kodeksi labelling regulation: EU 1169/2011 Annex XV wording), per 100 g and per
    /// 25 g portion, as printed and with the diacritics OCR may lose (ş → s, ğ → g, ı → i).
    static let turkish = """
        Besin Değerleri 100 g'da Porsiyonda (25 g)
        Enerji (kJ/kcal) 2180 kJ / 522 kcal 545 kJ / 131 kcal
        Yağ 28 g 7,0 g
        Doymuş yağ 14 g 3,5 g
        Karbonhidrat 60 g 15 g
        Şekerler 45 g 11 g
        Lif 2,0 g 0,5 g
        Protein 6,5 g 1,6 g
        Tuz 0,25 g 0,06 g
        """

    func testTurkishTableWithAndWithoutDiacritics() throws {
        let plain = Self.turkish.replacingOccurrences(of: "ş", with: "s").replacingOccurrences(of: "Ş", with: "S")
            .replacingOccurrences(of: "ğ", with: "g").replacingOccurrences(of: "ı", with: "i")
        XCTAssertTrue(plain.contains("Doymus yag") && plain.contains("Sekerler") && plain.contains("Yag 28"))
        for text in [Self.turkish, plain] {
            let table = try parseTable(text)
            let expected: [(String, String, String)] = [
                ("energy-kj", "2180", "545"), ("energy-kcal", "522", "131"), ("fat", "28", "7"),
                ("saturated-fat", "14", "3.5"), ("carbohydrates", "60", "15"), ("sugars", "45", "11"),
                ("fiber", "2", "0.5"), ("proteins", "6.5", "1.6"), ("salt", "0.25", "0.06"),
            ]
            for (key, per100, perServing) in expected {
                assertValue(table, "\(key)_100g", per100)
                assertValue(table, "\(key)_serving", perServing)
            }
            XCTAssertEqual(table.entries.count, 2 * expected.count, "\(table.entries.map(\.key))")
        }
    }

    /// Ingredient lists and claims in these languages name sugar, fat, salt and fibre ("gula", "lemak", "garam",
    /// "şeker", "yağ", "tuz", "lif"), some with a share in %: no table rows.
    func testIngredientListsGiveNoRows() throws {
        let texts = [
            "Komposisi: tepung terigu, gula, minyak nabati (mengandung antioksidan TBHQ), garam, serat pangan 2%, "
                + "susu bubuk 1,5%, perisa identik alami.",
            "Ramuan: Tepung gandum, gula, lemak sayuran (minyak sawit), garam, serat diet 3%, perisa.",
            "Bahan-bahan: gula, lemak tepu, garam 1%, karbohidrat.",
            "İçindekiler: Buğday unu, şeker, bitkisel yağ (palm), kakao (%4,5), tuz, lif 2%, kabartıcı (sodyum "
                + "bikarbonat).",
            "Tinggi serat, rendah lemak dan gula. Sehat setiap hari!",
        ]
        for text in texts {
            let table = try grammarParser.parse(text: text)
            XCTAssertTrue(table?.entries.isEmpty ?? true,
                          "\(text): \(table?.entries.map { "\($0.key)=\($0.value)" } ?? [])")
        }
    }

    /// Malay, Indonesian and Turkish names map to the nutrients the grammar already keys, and the short ones match
    /// only as spelt.
    func testNamesAndShortNameGuards() {
        let cases: [(String, Nutrient?)] = [
            ("Tenaga", .energyKJ), ("Energi total", .energyKJ), ("Enerji", .energyKJ), ("Lemak tepu", .saturatedFat),
            ("Lemak jenuh", .saturatedFat), ("Lemak trans", .transFat), ("Karbohidrat", .carbohydrates),
            ("Jumlah gula", .sugars), ("Serat diet", .fiber), ("Garam", .salt), ("Kolesterol", .cholesterol),
            ("Doymus yag", .saturatedFat), ("Karbonhidrat", .carbohydrates), ("Sekerler", .sugars),
            ("Diyet lifi", .fiber), ("Tuz", .salt), ("Sodyum", .sodium),
            ("Lemak tidak jenuh tunggal", .monounsaturatedFat), ("Tekli doymamış yağ", .monounsaturatedFat),
            // One edit from a short name is no name: "sehat" (healthy) is not "serat", "tus" not "tuz".
            ("sehat", nil), ("tus", nil), ("gola", nil), ("lift", nil),
            // The "/" of "Asid Lemak Tepu / Saturated" read as an l after a phrase's last word (julielee eng_real_5);
            // a one-word name with an l glued on stays unnamed.
            ("yang terdiri daripada: Asid Lemak Tepul", .saturatedFat), ("Tuzl", nil), ("Gulal", nil),
        ]
        for (text, nutrient) in cases {
            let mentions = LineAnalyzer.analyze("\(text) 5 g", lineIndex: 0).mentions
            XCTAssertEqual(mentions.map(\.nutrient), nutrient.map { [$0] } ?? [], text)
        }
    }
}
