-- Express special-offer cards: the total is the sum of its parts (issue 21,
-- item 5; app/domain/offers/schemas.ts refuses any other from now on):
-- special price × (1 + fuel / 100) × discount, rounded once to the cent
-- (PostgreSQL's round rounds half away from zero, as pricing/express.ts does).
-- Cards saved with another total before the check get the computed one.
UPDATE special_offers
SET total_cost = round(special_cost * (1 + COALESCE(fuel, 0) / 100) * COALESCE(discount, 1), 2)
WHERE mode = 'EXPRESS'
  AND special_cost IS NOT NULL
  AND total_cost IS DISTINCT FROM round(special_cost * (1 + COALESCE(fuel, 0) / 100) * COALESCE(discount, 1), 2);
