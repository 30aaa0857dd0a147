// Constants of the float32 activation code (cpu_activation_kernels.cpp; the GLSL copies are in
// shaders/include/activation_roots.glsl, special_functions.glsl and activations.glsl): zeros of
// f′ as float-float pairs with Taylor coefficients, a Mills-ratio approximation. All from
// `scripts/make_f32_tail_fixtures.py --constants`, which also prints their measured errors.
#pragma once

namespace actlab::f32 {

// A zero x0 = high + low of f′ (|low| ≤ ulp(high)/2) and f′(x0 + d) = d·Σ c_k d^k for |d| ≤
// kRootWindow. Near x0, f′ = Φ + xφ (say) is a difference of two O(1) terms, so its absolute
// float error ε·O(1) is a huge relative error; with d = (x − high) − low (x − high is exact by
// Sterbenz' lemma) the series keeps the relative error at a few ulps. Degree 6: the truncation
// error on the window is below 5e-8 relative (mostly the rounding of c₀ to float).
struct RootExpansion {
    float high;
    float low;
    float c[7];  // c₀ = f″(x0), c₁ = f‴(x0)/2, ...
};

inline constexpr float kRootWindow = 0.125f;

// gelu′(x0) = Φ(x0) + x0·φ(x0) = 0 at x0 = −0.75179152469356445745790...
inline constexpr RootExpansion kGeluRoot{
    -0.7517915368080139f,
    1.211444988769017e-08f,
    {0.43149399757385254f, 0.38828498125076294f, -0.018199676647782326f, -0.11400823295116425f,
     -0.014771522022783756f, 0.01942167989909649f, 0.00453922851011157f}};

// tanh-GELU′ = 0 at x0 = −0.75246142207101625848795...
inline constexpr RootExpansion kGeluTanhRoot{
    -0.7524614334106445f,
    1.1339627903339533e-08f,
    {0.4304001033306122f, 0.38751843571662903f, -0.015782853588461876f, -0.11394448578357697f,
     -0.016619328409433365f, 0.01968230865895748f, 0.005261059384793043f}};

// Swish family in z = βx: g(z) = σ(z) + z·σ′(z) = 0 at z0 = −1.27846454276107379510935...
// (f′(x) = g(βx), so one expansion in z serves every β).
inline constexpr RootExpansion kSwishRoot{
    -1.2784645557403564f,
    1.2979282537628478e-08f,
    {0.2178117036819458f, 0.14664879441261292f, 0.018874814733862877f, -0.015222655609250069f,
     -0.006606589071452618f, 0.0001266274048248306f, 0.0007985218544490635f}};

// mish′ = 0 at x0 = −1.19243121451549521213758...
inline constexpr RootExpansion kMishRoot{
    -1.1924312114715576f,
    -3.0439375464652585e-09f,
    {0.2669479250907898f, 0.2047312706708908f, 0.04190782085061073f, -0.020271822810173035f,
     -0.015821127220988274f, -0.003360684961080551f, 0.0010924055241048336f}};

// Mills ratio M(t) = Φ(−t)/φ(t) ≈ P(t)/Q(t) on [0, 14], Q(0) = 1: relative error 7e-9 in exact
// arithmetic, 3.4e-7 evaluated in float (Horner; every coefficient is positive, so nothing
// cancels). With φ computed accurately, Φ(−t) = φ(t)·M(t) keeps full relative accuracy in the
// left tail, unlike 1 + erf, and unlike A&S 7.1.26 (absolute error only).
inline constexpr float kMillsP[5] = {1.2533141374588013f, 1.1012734174728394f, 0.46132922172546387f,
                                     0.10255695134401321f, 0.010428182780742645f};
inline constexpr float kMillsQ[6] = {1.0f,
                                     1.6765741109848022f,
                                     1.2057946920394897f,
                                     0.47161155939102173f,
                                     0.10256320983171463f,
                                     0.010428066365420818f};

// tanh-GELU's z = 2u = x·(A + B·x²): A = 2·√(2/π), B = 2·√(2/π)·0.044715, in double for the
// CPU kernel (the shaders use float-float pairs of the same values).
inline constexpr double kGeluTanhA = 1.5957691216057308;
inline constexpr double kGeluTanhB = 0.07135481627260025;

}  // namespace actlab::f32
