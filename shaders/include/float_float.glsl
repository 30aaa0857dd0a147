// Error-free transformations in float32 (Dekker 1971, Knuth TAOCP 4.2.2): a product or sum as
// hi + lo exactly, for arguments of exp that must be known beyond float precision. They need
// only Vulkan's correctly rounded +, −, × (no fma: Vulkan's fma may round twice) and `precise`,
// which forbids contraction and reassociation. |arguments| must stay below 1e30 (the split
// multiplies by 4097).
#ifndef ACTLAB_FLOAT_FLOAT_GLSL
#define ACTLAB_FLOAT_FLOAT_GLSL

// Veltkamp's split: a = hi + lo, each with at most 12 significant bits.
vec2 splitFloat(float a) {
    precise float c = 4097.0 * a;
    precise float hi = c - (c - a);
    precise float lo = a - hi;
    return vec2(hi, lo);
}

// a·b = p + e exactly (Dekker's product).
vec2 twoProduct(float a, float b) {
    const vec2 as = splitFloat(a);
    const vec2 bs = splitFloat(b);
    precise float p = a * b;
    precise float e = ((as.x * bs.x - p) + as.x * bs.y + as.y * bs.x) + as.y * bs.y;
    return vec2(p, e);
}

// a + b = s + e exactly (Knuth's two-sum, any order of magnitude).
vec2 twoSum(float a, float b) {
    precise float s = a + b;
    precise float bb = s - a;
    precise float e = (a - (s - bb)) + (b - bb);
    return vec2(s, e);
}

#endif
