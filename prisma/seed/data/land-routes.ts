// Rail (China-Europe and Central Asia trains) and inland trailer routes.
// Places are Chinese names, as the legacy data keeps them.

export interface RailOrigin {
  city: string;
  /** Train service (squad). */
  service: string;
}

export const RAIL_ORIGINS: RailOrigin[] = [
  { city: "西安", service: "长安号" },
  { city: "成都", service: "蓉欧快铁" },
  { city: "重庆", service: "渝新欧" },
  { city: "郑州", service: "郑欧班列" },
  { city: "义乌", service: "义新欧" },
  { city: "武汉", service: "汉新欧" },
];

export interface RailDestination {
  city: string;
  /** Border stations are domestic legs; they are priced lower and may be in CNY. */
  border: boolean;
  /** 40' COC cost (T0), USD. */
  coc40: [number, number];
  days: [number, number];
}

export const RAIL_DESTINATIONS: RailDestination[] = [
  { city: "阿拉山口", border: true, coc40: [1450, 2350], days: [3, 5] },
  { city: "霍尔果斯", border: true, coc40: [1550, 2450], days: [3, 6] },
  { city: "二连浩特", border: true, coc40: [1350, 2150], days: [3, 5] },
  { city: "满洲里", border: true, coc40: [1650, 2650], days: [4, 6] },
  { city: "阿拉木图", border: false, coc40: [2650, 3650], days: [7, 10] },
  { city: "塔什干", border: false, coc40: [3150, 4250], days: [9, 13] },
  { city: "莫斯科", border: false, coc40: [4150, 5850], days: [12, 16] },
  { city: "明斯克", border: false, coc40: [4650, 6250], days: [13, 17] },
  { city: "马拉舍维奇", border: false, coc40: [5150, 6650], days: [14, 18] },
  { city: "华沙", border: false, coc40: [5350, 6950], days: [15, 19] },
  { city: "罗兹", border: false, coc40: [5450, 7050], days: [15, 19] },
  { city: "杜伊斯堡", border: false, coc40: [5850, 7650], days: [16, 21] },
  { city: "汉堡", border: false, coc40: [5950, 7850], days: [17, 22] },
  { city: "布达佩斯", border: false, coc40: [6150, 8150], days: [18, 23] },
];

/** Port area (dock) → door points with the road distance in km. */
export const TRAILER_ROUTES: Record<string, [door: string, km: number][]> = {
  上海港: [
    ["上海浦东", 45],
    ["上海闵行", 75],
    ["上海嘉定", 95],
    ["上海松江", 90],
    ["上海青浦", 105],
    ["上海宝山", 80],
    ["上海奉贤", 55],
    ["上海金山", 85],
    ["苏州工业园区", 150],
    ["苏州吴江", 150],
    ["昆山", 130],
    ["太仓", 125],
    ["常熟", 160],
    ["无锡", 190],
    ["常州", 230],
    ["南通", 210],
    ["嘉兴", 120],
    ["平湖", 95],
    ["杭州", 200],
    ["湖州", 190],
  ],
  宁波港: [
    ["宁波北仑", 20],
    ["宁波鄞州", 45],
    ["宁波镇海", 30],
    ["余姚", 80],
    ["慈溪", 85],
    ["绍兴", 140],
    ["杭州", 190],
    ["义乌", 230],
    ["金华", 260],
    ["台州", 200],
    ["温州", 330],
    ["嘉兴", 170],
  ],
  深圳港: [
    ["深圳宝安", 45],
    ["深圳龙岗", 35],
    ["深圳龙华", 40],
    ["东莞", 80],
    ["惠州", 100],
    ["广州", 150],
    ["佛山", 160],
  ],
  青岛港: [
    ["青岛黄岛", 20],
    ["青岛城阳", 60],
    ["即墨", 80],
    ["胶州", 50],
    ["潍坊", 160],
    ["烟台", 240],
  ],
  天津港: [
    ["天津滨海", 25],
    ["天津武清", 110],
    ["北京", 170],
    ["廊坊", 130],
    ["唐山", 120],
    ["沧州", 130],
  ],
  厦门港: [
    ["厦门湖里", 15],
    ["厦门集美", 30],
    ["泉州", 100],
    ["漳州", 70],
  ],
};
