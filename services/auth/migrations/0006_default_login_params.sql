-- The login parameters the screens read, set on a fresh install to the defaults the product applies when
-- one is missing, so that no screen asks for a parameter and meets a 404: the cards screen reads the
-- operators and the payment types, the tools screen all four. The types are those the tools screen shows:
-- « Nombre entier » (int_value) for the card's price and validity, « Texte » (string_value) for the lists.
-- A value an operator has already set is kept as it is.
--   card_price                   5000 (francs CFA)           cards service: DEFAULT_PRICE
--   card_validityMonths          60 (months)                  cards service: DEFAULT_VALIDITY_MONTHS
--   transaction_mobileOperators  the four operators           web: DEFAULT_OPERATORS; cards service too
--   transaction_types            carte, cotisation, autre     web: DEFAULT_TYPES; cards service too
INSERT INTO auth.login_param (name, int_value) VALUES
    ('card_price', 5000),
    ('card_validityMonths', 60)
ON CONFLICT (name) DO NOTHING;

INSERT INTO auth.login_param (name, string_value) VALUES
    ('transaction_mobileOperators', 'Orange Money, MTN MoMo, Moov Money, Wave'),
    ('transaction_types', 'carte=Carte de membre, cotisation=Cotisation, autre=Autre')
ON CONFLICT (name) DO NOTHING;
