// f′ near its zeros, where f′ is a difference of two O(1) terms and float leaves only absolute
// accuracy: x0 = high + low as a float-float pair, d = (x − high) − low (x − high is exact by
// Sterbenz' lemma), f′ = d·Σ c_k d^k for |d| < 0.125 (relative error a few ulps). Constants
// as core/activations/f32_constants.h (scripts/make_f32_tail_fixtures.py --constants).
#ifndef ACTLAB_ACTIVATION_ROOTS_GLSL
#define ACTLAB_ACTIVATION_ROOTS_GLSL

const float kRootWindow = 0.125;

// gelu′(x0) = 0, x0 = −0.75179152469356445745790...
const float kGeluRootHigh = -0.7517915368080139, kGeluRootLow = 1.211444988769017e-08;
const float kGeluRootC[7] = float[7](0.43149399757385254, 0.38828498125076294,
    -0.018199676647782326, -0.11400823295116425, -0.014771522022783756, 0.01942167989909649,
    0.00453922851011157);
// tanh-GELU′(x0) = 0, x0 = −0.75246142207101625848795...
const float kGeluTanhRootHigh = -0.7524614334106445, kGeluTanhRootLow = 1.1339627903339533e-08;
const float kGeluTanhRootC[7] = float[7](0.4304001033306122, 0.38751843571662903,
    -0.015782853588461876, -0.11394448578357697, -0.016619328409433365, 0.01968230865895748,
    0.005261059384793043);
// Swish family in z = βx: σ(z) + z·σ′(z) = 0 at z0 = −1.27846454276107379510935...
const float kSwishRootHigh = -1.2784645557403564, kSwishRootLow = 1.2979282537628478e-08;
const float kSwishRootC[7] = float[7](0.2178117036819458, 0.14664879441261292,
    0.018874814733862877, -0.015222655609250069, -0.006606589071452618, 0.0001266274048248306,
    0.0007985218544490635);
// mish′(x0) = 0, x0 = −1.19243121451549521213758...
const float kMishRootHigh = -1.1924312114715576, kMishRootLow = -3.0439375464652585e-09;
const float kMishRootC[7] = float[7](0.2669479250907898, 0.2047312706708908,
    0.04190782085061073, -0.020271822810173035, -0.015821127220988274, -0.003360684961080551,
    0.0010924055241048336);

float rootDistance(float x, float high, float low) {
    precise float d = (x - high) - low;
    return d;
}

// d·Σ c_k d^k, k = 0..6.
float rootSeries(float d, float c[7]) {
    return d * (c[0] + d * (c[1] + d * (c[2] + d * (c[3] + d * (c[4] + d * (c[5] + d * c[6]))))));
}

bool nearGeluRoot(float x) {
    return abs(rootDistance(x, kGeluRootHigh, kGeluRootLow)) < kRootWindow;
}
float geluSlopeNearRoot(float x) {
    return rootSeries(rootDistance(x, kGeluRootHigh, kGeluRootLow), kGeluRootC);
}

bool nearGeluTanhRoot(float x) {
    return abs(rootDistance(x, kGeluTanhRootHigh, kGeluTanhRootLow)) < kRootWindow;
}
float geluTanhSlopeNearRoot(float x) {
    return rootSeries(rootDistance(x, kGeluTanhRootHigh, kGeluTanhRootLow), kGeluTanhRootC);
}

// z = hi + lo: z − z0 = (hi − high) + (lo − low), the first difference exact near z0.
float swishRootDistance(vec2 z) {
    precise float d = (z.x - kSwishRootHigh) + (z.y - kSwishRootLow);
    return d;
}
bool nearSwishRoot(vec2 z) { return abs(swishRootDistance(z)) < kRootWindow; }
float swishSlopeNearRoot(vec2 z) { return rootSeries(swishRootDistance(z), kSwishRootC); }

bool nearMishRoot(float x) {
    return abs(rootDistance(x, kMishRootHigh, kMishRootLow)) < kRootWindow;
}
float mishSlopeNearRoot(float x) {
    return rootSeries(rootDistance(x, kMishRootHigh, kMishRootLow), kMishRootC);
}

#endif
