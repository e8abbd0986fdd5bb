-- Issue 45 item 2: home-content blocks have an English form. English pages
-- show name_en / description_en where staff gave them, else the Chinese.
ALTER TABLE "home_contents" ADD COLUMN "name_en" TEXT,
ADD COLUMN "description_en" TEXT;

-- The demo's website blocks (prisma/seed/data/content.ts), where a database
-- still holds them unchanged.
UPDATE home_contents h SET name_en = v.name_en, description_en = v.description_en
FROM (VALUES
  ('海运服务', '整箱、拼箱全球航线，覆盖主要港口', 'Ocean freight', 'FCL and LCL on lanes worldwide, serving the main ports'),
  ('整箱运输', '主流船公司直订舱位，周班稳定', 'Full container loads', 'Space booked directly with the major carriers, steady weekly sailings'),
  ('拼箱运输', '每周固定拼箱，1CBM起运', 'Less than container loads', 'Fixed weekly consolidations, from 1 CBM'),
  ('港口拖车', '上海、宁波等港区门到港拖车', 'Port trucking', 'Door-to-port trucking in Shanghai, Ningbo and other port areas'),
  ('空运与快递', '航空公司直接合作，时效有保障', 'Air freight and express', 'Direct partnerships with airlines, reliable transit times'),
  ('国际空运', '北美、欧洲主干航线每日航班', 'International air freight', 'Daily flights on the trunk routes to North America and Europe'),
  ('国际快递', 'DHL、UPS、FedEx、TNT 折扣价', 'International express', 'Discounted DHL, UPS, FedEx and TNT rates'),
  ('中欧班列', '西安、成都、重庆等地始发，直达欧洲', 'China–Europe rail', 'Departures from Xi''an, Chengdu, Chongqing and more, direct to Europe'),
  ('铁路整柜', 'COC/SOC 整柜运输，约16天抵达', 'Rail containers', 'COC and SOC containers, about 16 days in transit')
) AS v(name, description, name_en, description_en)
WHERE h.channel = 'WEB' AND h.name = v.name AND h.description IS NOT DISTINCT FROM v.description AND h.name_en IS NULL;
