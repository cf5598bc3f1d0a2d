//! Demo and load data: a geography with West African names (the regions of Côte d'Ivoire, and
//! departments, sub-prefectures and localities named from the syllables of the country's place names).
//! Deterministic: the same sizes always give the same rows.

use serde::Serialize;
use std::collections::HashSet;

/// One row of the locality import (the REST shape of `locality/post_locality-import`).
#[derive(Debug, Clone, Serialize)]
pub struct GeographyRow {
    pub region_code: String,
    pub region_name: String,
    pub department_code: String,
    pub department_name: String,
    pub subprefecture_code: String,
    pub subprefecture_name: String,
    pub locality_name: String,
}

const REGIONS: &[(&str, &str)] = &[
    ("ABT", "Agnéby-Tiassa"),
    ("BAF", "Bafing"),
    ("BAG", "Bagoué"),
    ("BEL", "Bélier"),
    ("BER", "Béré"),
    ("BKN", "Bounkani"),
    ("CAV", "Cavally"),
    ("FOL", "Folon"),
    ("GBK", "Gbêkê"),
    ("GBO", "Gbôklé"),
    ("GOH", "Gôh"),
    ("GTG", "Gontougo"),
    ("GPO", "Grands-Ponts"),
    ("GUE", "Guémon"),
    ("HAM", "Hambol"),
    ("HSS", "Haut-Sassandra"),
    ("IFF", "Iffou"),
    ("IDJ", "Indénié-Djuablin"),
    ("KAB", "Kabadougou"),
    ("LME", "La Mé"),
    ("LDJ", "Lôh-Djiboua"),
    ("MAR", "Marahoué"),
    ("MOR", "Moronou"),
    ("NAW", "Nawa"),
    ("NZI", "N'Zi"),
    ("POR", "Poro"),
    ("SPE", "San-Pédro"),
    ("SCO", "Sud-Comoé"),
    ("TCH", "Tchologo"),
    ("TON", "Tonkpi"),
    ("WOR", "Worodougou"),
];

const SYLLABLES: &[&str] = &[
    "Ko", "Dia", "Bou", "Ya", "Man", "Sé", "Gba", "Zou", "Do", "Ka", "Tié", "Ni", "Fa", "Lo",
    "Gué", "Bo", "Da", "Sa", "Ti", "Ou", "Mé", "Ndi", "Kro", "Blé", "Ake", "Ba", "Ko", "Sou",
    "Adi", "Yao", "Ama", "Kpa",
];
const ENDINGS: &[&str] = &["", "kro", "dougou", "bo", "lé", "ra", "fla", "sso", "bré", "ssou"];

/// A small deterministic generator (an LCG): demo data needs no real randomness.
struct Names {
    state: u64,
}

impl Names {
    fn next(&mut self) -> usize {
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.state >> 33) as usize
    }

    fn place(&mut self) -> String {
        let parts = 2 + self.next() % 2;
        let mut name = String::new();
        for i in 0..parts {
            let s = SYLLABLES[self.next() % SYLLABLES.len()];
            name.push_str(&if i == 0 { s.to_string() } else { s.to_lowercase() });
        }
        name.push_str(ENDINGS[self.next() % ENDINGS.len()]);
        name
    }
}

/// `regions` regions (at most 31), each with `departments` departments of `subprefectures` sub-prefectures,
/// with `localities` rows in all, spread evenly.
pub fn geography(
    regions: usize,
    departments: usize,
    subprefectures: usize,
    localities: usize,
) -> Vec<GeographyRow> {
    let mut names = Names { state: 7 };
    let regions = &REGIONS[..regions.min(REGIONS.len())];
    let subprefecture_count = regions.len() * departments * subprefectures;
    let mut rows = Vec::with_capacity(localities);
    let mut index = 0;
    for (r, (region_code, region_name)) in regions.iter().enumerate() {
        for d in 0..departments {
            let department_code = format!("{region_code}-D{}", d + 1);
            let department_name = names.place();
            for s in 0..subprefectures {
                let subprefecture_code = format!("{department_code}-S{}", s + 1);
                let subprefecture_name = names.place();
                // This sub-prefecture's share of the localities.
                let position = (r * departments + d) * subprefectures + s;
                let share = localities / subprefecture_count
                    + usize::from(position < localities % subprefecture_count);
                let mut seen = HashSet::new();
                while seen.len() < share {
                    let locality = names.place();
                    if seen.insert(locality.to_lowercase()) {
                        rows.push(GeographyRow {
                            region_code: region_code.to_string(),
                            region_name: region_name.to_string(),
                            department_code: department_code.clone(),
                            department_name: department_name.clone(),
                            subprefecture_code: subprefecture_code.clone(),
                            subprefecture_name: subprefecture_name.clone(),
                            locality_name: locality,
                        });
                        index += 1;
                    }
                }
            }
        }
    }
    debug_assert_eq!(index, rows.len());
    rows
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_are_as_asked_and_names_unique_within_a_subprefecture() {
        let rows = super::geography(30, 4, 5, 100_000);
        assert_eq!(rows.len(), 100_000);
        let subprefectures: std::collections::HashSet<&str> =
            rows.iter().map(|r| r.subprefecture_code.as_str()).collect();
        assert_eq!(subprefectures.len(), 600);
        let pairs: std::collections::HashSet<(String, String)> = rows
            .iter()
            .map(|r| (r.subprefecture_code.clone(), r.locality_name.to_lowercase()))
            .collect();
        assert_eq!(pairs.len(), rows.len());
    }
}
