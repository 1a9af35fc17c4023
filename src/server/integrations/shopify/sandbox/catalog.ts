/** The fixed vocabulary of the demo store: Chilean regions and cities, names, products and the store's mixes. */

export interface RegionInfo {
  name: string;
  code: string;
  /** Share of customers living there. */
  weight: number;
  cities: readonly string[];
}

export const REGIONS: readonly RegionInfo[] = [
  {
    name: 'Región Metropolitana',
    code: 'RM',
    weight: 42,
    cities: [
      'Santiago',
      'Providencia',
      'Las Condes',
      'Ñuñoa',
      'Maipú',
      'La Florida',
      'Puente Alto',
      'Vitacura',
      'San Miguel',
      'Peñalolén',
      'La Reina',
      'Estación Central',
      'Quilicura',
      'Lo Barnechea',
    ],
  },
  {
    name: 'Valparaíso',
    code: 'VS',
    weight: 11,
    cities: ['Viña del Mar', 'Valparaíso', 'Quilpué', 'Villa Alemana', 'San Antonio', 'Quillota', 'Los Andes'],
  },
  {
    name: 'Biobío',
    code: 'BI',
    weight: 9,
    cities: ['Concepción', 'Talcahuano', 'Los Ángeles', 'San Pedro de la Paz', 'Chiguayante', 'Coronel'],
  },
  { name: 'Maule', code: 'ML', weight: 5, cities: ['Talca', 'Curicó', 'Linares', 'Constitución'] },
  { name: 'La Araucanía', code: 'AR', weight: 5, cities: ['Temuco', 'Padre Las Casas', 'Villarrica', 'Pucón', 'Angol'] },
  { name: "Libertador General Bernardo O'Higgins", code: 'LI', weight: 5, cities: ['Rancagua', 'San Fernando', 'Machalí', 'Rengo'] },
  { name: 'Los Lagos', code: 'LL', weight: 5, cities: ['Puerto Montt', 'Osorno', 'Castro', 'Puerto Varas'] },
  { name: 'Coquimbo', code: 'CO', weight: 4.5, cities: ['La Serena', 'Coquimbo', 'Ovalle', 'Illapel'] },
  { name: 'Antofagasta', code: 'AN', weight: 3.5, cities: ['Antofagasta', 'Calama', 'Tocopilla', 'Mejillones'] },
  { name: 'Ñuble', code: 'NB', weight: 2.5, cities: ['Chillán', 'Chillán Viejo', 'San Carlos'] },
  { name: 'Los Ríos', code: 'LR', weight: 2, cities: ['Valdivia', 'La Unión', 'Panguipulli'] },
  { name: 'Tarapacá', code: 'TA', weight: 2, cities: ['Iquique', 'Alto Hospicio', 'Pozo Almonte'] },
  { name: 'Atacama', code: 'AT', weight: 1.5, cities: ['Copiapó', 'Vallenar', 'Caldera'] },
  { name: 'Arica y Parinacota', code: 'AP', weight: 1.2, cities: ['Arica', 'Putre'] },
  { name: 'Magallanes y de la Antártica Chilena', code: 'MA', weight: 0.8, cities: ['Punta Arenas', 'Puerto Natales', 'Porvenir'] },
  { name: 'Aysén del General Carlos Ibáñez del Campo', code: 'AI', weight: 0.5, cities: ['Coyhaique', 'Puerto Aysén'] },
];

export const FIRST_NAMES = [
  'Sofía',
  'Isidora',
  'Florencia',
  'Agustina',
  'Emilia',
  'Trinidad',
  'Josefa',
  'Martina',
  'Catalina',
  'Valentina',
  'Antonia',
  'Fernanda',
  'Javiera',
  'Constanza',
  'Camila',
  'Francisca',
  'Daniela',
  'Carolina',
  'Paula',
  'Macarena',
  'Benjamín',
  'Vicente',
  'Martín',
  'Matías',
  'Joaquín',
  'Agustín',
  'Tomás',
  'Cristóbal',
  'Sebastián',
  'Diego',
  'Felipe',
  'Nicolás',
  'Ignacio',
  'Gonzalo',
  'Rodrigo',
  'Francisco',
  'Pablo',
  'Andrés',
  'Claudio',
  'Patricio',
] as const;

export const LAST_NAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Hernández',
  'Torres',
  'Araya',
  'Flores',
  'Espinoza',
  'Valenzuela',
  'Castillo',
  'Tapia',
  'Reyes',
  'Gutiérrez',
  'Castro',
  'Pizarro',
  'Álvarez',
  'Vásquez',
  'Sánchez',
  'Fernández',
  'Ramírez',
  'Carrasco',
  'Gómez',
  'Cortés',
  'Herrera',
  'Núñez',
  'Jara',
  'Vergara',
  'Rivera',
  'Figueroa',
] as const;

export const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com',
  'live.cl',
  'icloud.com',
] as const;

interface ProductLine {
  type: string;
  /** Share of purchases in this type. */
  weight: number;
  items: readonly string[];
  variants: readonly string[];
  /** Price range in CLP; prices end in 990. */
  price: readonly [number, number];
  tags: readonly string[];
}

const PRODUCT_LINES: readonly ProductLine[] = [
  {
    type: 'Vestuario',
    weight: 30,
    items: [
      'Polera básica',
      'Polerón canguro',
      'Camisa de lino',
      'Jeans recto',
      'Vestido midi',
      'Chaqueta cortaviento',
      'Pantalón cargo',
      'Falda plisada',
    ],
    variants: ['negro', 'blanco', 'azul marino', 'verde oliva', 'terracota'],
    price: [9990, 49990],
    tags: ['algodón', 'unisex', 'mujer', 'hombre', 'nueva temporada', 'básicos'],
  },
  {
    type: 'Calzado',
    weight: 14,
    items: ['Zapatilla urbana', 'Botín de cuero', 'Sandalia plana', 'Zapatilla running', 'Mocasín'],
    variants: ['negro', 'blanco', 'café', 'gris'],
    price: [24990, 79990],
    tags: ['cuero', 'mujer', 'hombre', 'deportivo'],
  },
  {
    type: 'Accesorios',
    weight: 16,
    items: ['Bolso tote', 'Gorro de lana', 'Cinturón trenzado', 'Lentes de sol', 'Bufanda', 'Billetera'],
    variants: ['negro', 'camel', 'gris', 'rojo'],
    price: [5990, 34990],
    tags: ['regalo', 'invierno', 'verano', 'unisex'],
  },
  {
    type: 'Hogar',
    weight: 14,
    items: ['Cojín de lino', 'Manta tejida', 'Taza de cerámica', 'Vela aromática', 'Set de toallas'],
    variants: ['natural', 'gris perla', 'mostaza', 'azul'],
    price: [6990, 39990],
    tags: ['decoración', 'regalo', 'hecho en Chile'],
  },
  {
    type: 'Belleza',
    weight: 14,
    items: ['Crema hidratante', 'Sérum facial', 'Bálsamo labial', 'Shampoo sólido', 'Protector solar'],
    variants: ['30 ml', '50 ml', '100 ml', 'pack x2'],
    price: [4990, 29990],
    tags: ['natural', 'vegano', 'cuidado facial', 'sin parabenos'],
  },
  {
    type: 'Deportes',
    weight: 7,
    items: ['Botella térmica', 'Mat de yoga', 'Calza deportiva', 'Mochila trekking'],
    variants: ['negro', 'lila', 'verde', 'azul'],
    price: [8990, 59990],
    tags: ['outdoor', 'deportivo', 'unisex'],
  },
  {
    type: 'Infantil',
    weight: 5,
    items: ['Body de algodón', 'Pijama infantil', 'Gorro bebé'],
    variants: ['talla 0-3m', 'talla 6-12m', 'talla 2 años', 'talla 4 años'],
    price: [5990, 19990],
    tags: ['bebé', 'algodón orgánico', 'regalo'],
  },
];

export interface ProductInfo {
  index: number;
  title: string;
  productType: string;
  /** Index of its type in PRODUCT_TYPES. */
  typeIndex: number;
  tags: string[];
  price: number;
  /** Seconds since the timeline start when it went on sale (negative: before). */
  createdAt: number;
  updatedAt: number;
}

export const PRODUCT_TYPES = PRODUCT_LINES.map((line) => line.type);
export const PRODUCT_TYPE_WEIGHTS = PRODUCT_LINES.map((line) => line.weight);

/**
 * About 150 products: each product line's items in a few variants. Most were on sale before the
 * timeline starts; one in five is launched later. `random` decides prices, tags and dates.
 */
export function buildProducts(random: () => number, timelineSeconds: number): ProductInfo[] {
  const products: ProductInfo[] = [];
  PRODUCT_LINES.forEach((line, typeIndex) => {
    for (const item of line.items) {
      const variants = line.variants.slice(0, 4 + Math.floor(random() * 2));
      const [low, high] = line.price;
      const base = low + Math.floor(random() * ((high - low) / 1000 + 1)) * 1000;
      for (const variant of variants) {
        const price = Math.max(1990, base + (Math.floor(random() * 3) - 1) * 1000);
        const tags = line.tags.filter(() => random() < 0.35);
        if (tags.length === 0) tags.push(line.tags[Math.floor(random() * line.tags.length)]!);
        const launchedLater = random() < 0.2;
        const createdAt = launchedLater ? Math.floor(random() * timelineSeconds * 0.9) : -Math.floor((30 + random() * 300) * 86_400);
        if (launchedLater) tags.push('nuevo');
        products.push({
          index: products.length,
          title: `${item} ${variant}`,
          productType: line.type,
          typeIndex,
          tags: [...new Set(tags)].sort(),
          price: price - (price % 1000) + 990,
          createdAt,
          updatedAt: createdAt + Math.floor(random() * 20 * 86_400),
        });
      }
    }
  });
  return products;
}

export interface ShippingMethod {
  title: string;
  weight: number;
  /** Price in CLP; free above FREE_SHIPPING_FROM when it is a delivery. */
  price: number;
  /** Days from order to fulfilment, min and max. */
  days: readonly [number, number];
}

export const SHIPPING_METHODS: readonly ShippingMethod[] = [
  { title: 'Despacho a domicilio', weight: 38, price: 3990, days: [0.5, 3] },
  { title: 'Retiro en tienda', weight: 12, price: 0, days: [0.15, 1.2] },
  { title: 'Starken', weight: 18, price: 4490, days: [1, 4] },
  { title: 'Chilexpress', weight: 20, price: 4990, days: [0.5, 3] },
  { title: 'Blue Express', weight: 12, price: 3490, days: [1, 4] },
];
export const FREE_SHIPPING_FROM = 60000;

export const PAYMENT_GATEWAYS = ['Webpay Plus', 'Mercado Pago', 'Transferencia bancaria', 'Flow'] as const;
export const PAYMENT_WEIGHTS = [50, 25, 10, 15];

/** Discount codes and their percentage off the subtotal. */
export const WELCOME_CODE = { code: 'BIENVENIDA10', percent: 10 };
export const DISCOUNT_CODES = [
  { code: 'RECOMPRA15', percent: 15, weight: 30 },
  { code: 'VERANO10', percent: 10, weight: 20 },
  { code: 'CYBER20', percent: 20, weight: 20 },
  { code: 'ENVIO5', percent: 5, weight: 15 },
  { code: 'AMIGOS12', percent: 12, weight: 15 },
] as const;
export const DISCOUNT_WEIGHTS = DISCOUNT_CODES.map((code) => code.weight);

export const CUSTOMER_TAGS = ['newsletter', 'instagram', 'referido', 'mayorista', 'evento'] as const;

/** Streets for addresses (a number is added). */
export const STREETS = [
  'Av. Providencia',
  "Av. Libertador Bernardo O'Higgins",
  'Los Carrera',
  'Arturo Prat',
  'Av. Irarrázaval',
  'Manuel Montt',
  'Los Leones',
  'Av. Grecia',
  'Baquedano',
  'Colo Colo',
  'Av. Alemania',
  'Freire',
  'Av. Pedro de Valdivia',
  'San Martín',
  'Lautaro',
] as const;

/** Automatic discounts Shopify applies to lines without a code. */
export const EVENT_DISCOUNT = { title: 'CyberDay -15%', percent: 15 };
export const CLEARANCE_DISCOUNT = { title: 'Liquidación -20%', percent: 20 };
