BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'fedavg');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,6.16922244422244414607e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,1.11456376956376945752e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,1.67411588411588430069e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,1.71000416250416203967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,1.98702797202797265541e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,2,1,1.008008658008657972e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,2,2,4.33588911088911080349e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,3,1,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,3,2,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,3,3,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,3,4,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,3,5,7.53291708291708300704e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,3,6,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,3,7,7.20018315018315091524e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,3,8,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,3,9,7.76121378621378726903e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,3,10,6.16148851148851234293e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,3,11,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,3,12,6.16148851148851234293e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,3,13,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,3,14,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,15,6.58350815850815840324e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,16,6.16148851148851234293e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,17,7.76121378621378726903e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,3,18,0.0699504662004662,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,3,19,6.2183066933066938331e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,3,20,7.76121378621378726903e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,4,1,1.04782883782883792789e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,4,2,2.14206876456876471603e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,4,3,3.45687062937062916656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,4,4,3.98816600066600079887e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,4,5,4.99523976023976079563e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,4,6,0.511881118881119,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,4,7,4.99860056610056613379e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,4,8,4.99229104229104270196e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,4,9,5.59913170163170215154e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,4,10,5.70065184815184866629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,4,11,5.66719946719946743307e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,4,12,5.79478188478188549481e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,4,13,5.87582584082584125084e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,4,14,5.97013902763902759573e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,15,0.620921411921412,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,16,6.23478188478188477539e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,17,0.623873792873793,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,18,6.41257492507492532496e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,4,19,6.60507492507492299793e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,4,20,6.65911754911754916186e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,5,1,1.32459124209124201598e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,5,2,2.16628121878121887577e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,5,3,2.9435139860139858392e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,5,4,3.5159815184815179645e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,5,5,4.54110972360972420247e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,5,6,4.90494671994672115644e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,5,7,0.474947052947053,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,5,8,4.8783716283716288542e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,5,9,5.2209540459540471069e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,5,10,0.503697052947053,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,5,11,5.3446445221445226803e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,5,12,5.29526723276723343403e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,5,13,5.40940642690642792267e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,5,14,5.40812437562437686722e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,5,15,5.53779470529470518869e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,16,5.77725441225441227466e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,17,5.65696137196137316394e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,18,5.89558774558774589813e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,19,5.91058774558774535634e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,20,5.94032217782217819568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,6,1,1.49813603063603056897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,6,2,2.63027805527805524921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,6,3,3.0788211788211788944e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,6,4,3.95544122544122467299e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,6,5,4.74018481518481582526e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,6,6,5.03764818514818468742e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,6,7,4.60884781884781935534e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,6,8,4.49539543789543805107e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,6,9,5.25390276390276467211e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,6,10,5.39047785547785540671e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,6,11,5.46565184815184790245e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,6,12,5.4349375624375628746e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,6,13,5.57624708624708587123e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,6,14,0.574067932067932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,6,15,5.71234598734598808533e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,6,16,5.86163170163170099691e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,6,17,0.578925074925075,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,6,18,5.9688020313020317964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,6,19,0.604270313020313,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,6,20,6.08999250749250764513e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,7,1,1.39947219447219439736e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,7,2,2.33365218115218125971e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,7,3,2.39270479520479500967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,7,4,3.53312437562437520188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,7,5,4.37629287379287468251e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,7,6,4.89295038295038342557e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,8,1,1.72904678654678650717e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,8,2,3.68593656343656317364e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,8,3,4.23638444888444876124e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,8,4,4.4466458541458542264e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,8,5,5.11661338661338671585e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,8,6,5.21657675657675734548e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,8,7,4.59285880785880784582e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,8,8,5.08288628038628065297e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,8,9,5.72836247086247141169e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,8,10,5.75348151848151911913e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,8,11,5.8389851814851811973e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,8,12,5.87349983349983340019e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,8,13,5.94210789210789180891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,8,14,6.16311521811521823011e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,8,15,6.16154012654012595007e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,8,16,6.34721778221778221151e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,8,17,6.27749250749250808922e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,8,18,6.48519397269397224192e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,8,19,6.64614635364635275571e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,8,20,6.67632450882450823037e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,9,1,8.61739094239094283178e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,9,2,1.5341158841158844539e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,9,3,1.792476689976689741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,9,4,2.08064935064935091491e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,9,5,3.06831335331335330884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,9,6,3.63339993339993283516e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,10,1,1.38463702963702972592e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,10,2,1.71985347985347980515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,11,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,11,2,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,12,1,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,12,2,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,13,1,0.0699504662004662,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,13,2,2.3297152847152852173e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,13,3,0.385927405927406,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,13,4,4.0123876123876117683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,13,5,5.02285880785880767263e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,13,6,5.15714452214452223621e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,13,7,0.48919338994339,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,13,8,5.1105053280053291953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,13,9,5.53053280053280138517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,13,10,5.65065184815184862188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,13,11,5.66386613386613446685e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,13,12,5.79011155511155561903e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,13,13,5.8730877455877461557e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,13,14,5.95418664668664665562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,13,15,6.20478188478188474874e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,13,16,6.21427822177822219984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,13,17,6.14046869796869732027e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,13,18,6.32662254412254432267e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,13,19,6.57507492507492408151e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,13,20,6.61873293373293258845e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,14,1,0.0699504662004662,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,14,2,2.46897352647352658072e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,14,3,4.21111471861471853284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,14,4,4.10992424242424214675e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,14,5,5.05714452214452325762e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,14,6,5.22297785547785498039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,14,7,4.85360056610056656012e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,14,8,5.10967199467199595375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,14,9,5.50014818514818593087e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,14,10,5.64860056610056671111e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,14,11,5.67969946719946716662e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,14,12,5.79011155511155561903e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,14,13,5.86058774558774642216e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,14,14,5.9550199800199810074e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,14,15,6.1759448884448875372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,14,16,6.1863936063936064702e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,14,17,6.11284965034965099839e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,14,18,0.629983682983683,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,15,1,0.12324666999667,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,15,2,2.3709415584415588496e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,16,1,7.12837995337995411482e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,16,2,3.33429320679320628784e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,16,3,3.60585414585414487653e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,16,4,4.5335464535464536917e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,16,5,5.39401265401265539445e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,16,6,5.33187479187479218545e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,16,7,5.25050532800532931965e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,16,8,5.66969946719946826796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,16,9,5.88981851481851559348e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,16,10,5.94282217782217792034e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,16,11,6.10044122544122546791e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,16,12,6.19147602397602359047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,16,13,0.629531302031302,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,16,14,6.45904012654012649186e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,16,15,6.69450632700632763949e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,16,16,6.93905844155844109266e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,16,17,6.98039460539460532295e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,16,18,0.709083916083916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,16,19,0.714021645021645,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,16,20,7.19060023310023277431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,17,1,8.88827006327006369224e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,17,2,1.49259490509490527765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,18,1,1.85543872793872771653e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,18,2,0.323008991008991,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,18,3,4.39141691641691755965e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,18,4,4.53640775890775949097e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,18,5,5.33969946719946797486e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,18,6,5.04589493839493807847e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,18,7,5.19523976023976152838e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,18,8,5.52112803862803813714e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,18,9,5.85148518148518204107e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,18,10,5.91627455877455910027e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,18,11,5.98058774558774541851e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,18,12,6.03162254412254461577e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,18,13,0.606436063936064,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,18,14,6.29901265401265342269e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,18,15,6.60242840492840432631e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,18,16,6.74807858807858762517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,18,17,6.73352730602730487063e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,18,18,6.83390692640692520853e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,18,19,0.692209373959374,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,18,20,6.97661754911754861119e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,19,1,8.48021145521145464085e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,19,2,1.43947219447219443289e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,19,3,1.73423493173493176167e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,19,4,2.09848401598401596013e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,19,5,3.27643106893106883514e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,19,6,3.70666416916416940896e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,20,1,1.7788361638361638306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,20,2,3.18970529470529506887e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,20,3,4.33918248418248442277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,20,4,4.54762570762570872417e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,20,5,5.36469946719946744195e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(219,20,6,5.0593473193473181837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(220,21,1,8.17037129537129536149e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(221,21,2,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(222,21,3,6.16148851148851234293e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(223,21,4,7.53291708291708300704e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(224,21,5,7.76121378621378726903e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(225,21,6,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(226,21,7,1.36873126873126860214e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(227,21,8,2.51215534465534462427e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(228,21,9,3.18705461205461171303e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(229,21,10,3.33247585747585783888e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(230,21,11,4.21331751581751512425e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(231,21,12,3.61942057942057915376e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(232,21,13,4.01019980019979960239e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(233,21,14,5.5328771228771234103e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(234,21,15,5.45287712287712333925e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(235,21,16,0.547666416916417,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(236,21,17,5.98382950382950418166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(237,21,18,5.98707126207126183459e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',1.08310311177253846409e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,2,'lr',2.61747191343005870811e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(5,3,'lr',4.97970157398662960357e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(7,4,'lr',9.61459442606091563288e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,4,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,5,'lr',1.2484297480012528092e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,5,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(11,6,'lr',2.55236505310867528573e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(12,6,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(13,7,'lr',1.80459365884613025243e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,8,'lr',4.46332315248193153833e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(16,8,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(17,9,'lr',1.4813094367738536411e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,9,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(19,10,'lr',9.51265358599808902306e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,10,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,11,'lr',1.60384840976150462414e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,11,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(23,12,'lr',4.50359344699665764544e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(24,12,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(25,13,'lr',8.56587395717845895282e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,13,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,14,'lr',8.06232472968245322819e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(28,14,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(29,15,'lr',1.6993026435007954622e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,15,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(31,16,'lr',4.9823798366665880688e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,16,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,17,'lr',6.31361590998653562922e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,17,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(35,18,'lr',3.75444781466398730396e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(36,18,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(37,19,'lr',5.54316075142272102205e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,19,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,20,'lr',3.8152001506807337039e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(40,20,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(41,21,'lr',1.85154631925807611203e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(42,21,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.11145637695637695');
INSERT INTO "trial_system_attributes" VALUES(2,2,'completed_rung_0','0.04335889110889111');
INSERT INTO "trial_system_attributes" VALUES(3,3,'completed_rung_0','0.0699504662004662');
INSERT INTO "trial_system_attributes" VALUES(4,4,'completed_rung_0','0.6412574925074925');
INSERT INTO "trial_system_attributes" VALUES(5,5,'completed_rung_0','0.4904946719946721');
INSERT INTO "trial_system_attributes" VALUES(6,5,'completed_rung_1','0.5895587745587746');
INSERT INTO "trial_system_attributes" VALUES(7,6,'completed_rung_0','0.5037648185148185');
INSERT INTO "trial_system_attributes" VALUES(8,6,'completed_rung_1','0.5968802031302032');
INSERT INTO "trial_system_attributes" VALUES(9,7,'completed_rung_0','0.48929503829503834');
INSERT INTO "trial_system_attributes" VALUES(10,8,'completed_rung_0','0.3685936563436563');
INSERT INTO "trial_system_attributes" VALUES(11,8,'completed_rung_1','0.5216576756576757');
INSERT INTO "trial_system_attributes" VALUES(12,8,'completed_rung_2','0.6485193972693972');
INSERT INTO "trial_system_attributes" VALUES(13,9,'completed_rung_0','0.3633399933399933');
INSERT INTO "trial_system_attributes" VALUES(14,10,'completed_rung_0','0.17198534798534798');
INSERT INTO "trial_system_attributes" VALUES(15,11,'completed_rung_0','0.013913419913419912');
INSERT INTO "trial_system_attributes" VALUES(16,12,'completed_rung_0','0.07737037962037963');
INSERT INTO "trial_system_attributes" VALUES(17,13,'completed_rung_0','0.5157144522144522');
INSERT INTO "trial_system_attributes" VALUES(18,13,'completed_rung_1','0.6326622544122544');
INSERT INTO "trial_system_attributes" VALUES(19,14,'completed_rung_0','0.24689735264735266');
INSERT INTO "trial_system_attributes" VALUES(20,14,'completed_rung_1','0.5222977855477855');
INSERT INTO "trial_system_attributes" VALUES(21,14,'completed_rung_2','0.629983682983683');
INSERT INTO "trial_system_attributes" VALUES(22,15,'completed_rung_0','0.23709415584415588');
INSERT INTO "trial_system_attributes" VALUES(23,16,'completed_rung_0','0.33342932067932063');
INSERT INTO "trial_system_attributes" VALUES(24,16,'completed_rung_1','0.5331874791874792');
INSERT INTO "trial_system_attributes" VALUES(25,16,'completed_rung_2','0.709083916083916');
INSERT INTO "trial_system_attributes" VALUES(26,17,'completed_rung_0','0.14925949050949053');
INSERT INTO "trial_system_attributes" VALUES(27,18,'completed_rung_0','0.5045894938394938');
INSERT INTO "trial_system_attributes" VALUES(28,18,'completed_rung_1','0.6833906926406925');
INSERT INTO "trial_system_attributes" VALUES(29,19,'completed_rung_0','0.37066641691641694');
INSERT INTO "trial_system_attributes" VALUES(30,20,'completed_rung_0','0.3189705294705295');
INSERT INTO "trial_system_attributes" VALUES(31,20,'completed_rung_1','0.5059347319347318');
INSERT INTO "trial_system_attributes" VALUES(32,21,'completed_rung_0','0.5987071262071262');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,2,'seconds','12.479');
INSERT INTO "trial_user_attributes" VALUES(2,3,'seconds','92.136');
INSERT INTO "trial_user_attributes" VALUES(3,3,'val_loss','3.387112371265273');
INSERT INTO "trial_user_attributes" VALUES(4,3,'round','20');
INSERT INTO "trial_user_attributes" VALUES(5,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(6,4,'seconds','92.265');
INSERT INTO "trial_user_attributes" VALUES(7,4,'val_loss','1.4867521165617696');
INSERT INTO "trial_user_attributes" VALUES(8,4,'round','20');
INSERT INTO "trial_user_attributes" VALUES(9,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(10,5,'seconds','103.059');
INSERT INTO "trial_user_attributes" VALUES(11,5,'val_loss','1.8692582907488333');
INSERT INTO "trial_user_attributes" VALUES(12,5,'round','20');
INSERT INTO "trial_user_attributes" VALUES(13,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(14,6,'seconds','90.942');
INSERT INTO "trial_user_attributes" VALUES(15,6,'val_loss','1.7590981526424636');
INSERT INTO "trial_user_attributes" VALUES(16,6,'round','20');
INSERT INTO "trial_user_attributes" VALUES(17,6,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(18,7,'seconds','27.683');
INSERT INTO "trial_user_attributes" VALUES(19,8,'seconds','95.002');
INSERT INTO "trial_user_attributes" VALUES(20,8,'val_loss','1.453416576000678');
INSERT INTO "trial_user_attributes" VALUES(21,8,'round','20');
INSERT INTO "trial_user_attributes" VALUES(22,8,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(23,9,'seconds','24.087');
INSERT INTO "trial_user_attributes" VALUES(24,10,'seconds','8.223');
INSERT INTO "trial_user_attributes" VALUES(25,11,'seconds','8.199');
INSERT INTO "trial_user_attributes" VALUES(26,12,'seconds','10.9');
INSERT INTO "trial_user_attributes" VALUES(27,13,'seconds','90.835');
INSERT INTO "trial_user_attributes" VALUES(28,13,'val_loss','1.5227149903598005');
INSERT INTO "trial_user_attributes" VALUES(29,13,'round','20');
INSERT INTO "trial_user_attributes" VALUES(30,13,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(31,14,'seconds','88.076');
INSERT INTO "trial_user_attributes" VALUES(32,15,'seconds','10.494');
INSERT INTO "trial_user_attributes" VALUES(33,16,'seconds','101.881');
INSERT INTO "trial_user_attributes" VALUES(34,16,'val_loss','1.1507203171669225');
INSERT INTO "trial_user_attributes" VALUES(35,16,'round','20');
INSERT INTO "trial_user_attributes" VALUES(36,16,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(37,17,'seconds','10.896');
INSERT INTO "trial_user_attributes" VALUES(38,18,'seconds','98.595');
INSERT INTO "trial_user_attributes" VALUES(39,18,'val_loss','1.271063481646133');
INSERT INTO "trial_user_attributes" VALUES(40,18,'round','20');
INSERT INTO "trial_user_attributes" VALUES(41,18,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(42,19,'seconds','26.057');
INSERT INTO "trial_user_attributes" VALUES(43,20,'seconds','26.658');
INSERT INTO "trial_user_attributes" VALUES(44,21,'seconds','90.691');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,2,0,4.33588911088911080349e-02,'FINITE');
INSERT INTO "trial_values" VALUES(2,3,0,7.76121378621378726903e-02,'FINITE');
INSERT INTO "trial_values" VALUES(3,4,0,6.65911754911754916186e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,5,0,5.94032217782217819568e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,6,0,6.08999250749250764513e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,7,0,4.89295038295038342557e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,8,0,6.67632450882450823037e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,9,0,3.63339993339993283516e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,10,0,1.71985347985347980515e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,11,0,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,6.61873293373293258845e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,14,0,0.629983682983683,'FINITE');
INSERT INTO "trial_values" VALUES(14,15,0,2.3709415584415588496e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,16,0,7.19060023310023277431e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,17,0,1.49259490509490527765e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,18,0,6.97661754911754861119e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,19,0,3.70666416916416940896e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,20,0,5.0593473193473181837e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,21,0,5.98707126207126183459e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'FAIL','2026-11-26 23:32:26.296907','2026-11-27 02:09:56.336812');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-27 02:09:56.351222','2026-11-27 02:10:08.904503');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 02:10:08.921531','2026-11-27 02:11:41.121718');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-27 02:11:41.250141','2026-11-27 02:13:13.687349');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-27 02:13:13.708317','2026-11-27 02:14:56.842217');
INSERT INTO "trials" VALUES(6,5,1,'COMPLETE','2026-11-27 02:14:56.853167','2026-11-27 02:16:27.860162');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 02:16:27.876381','2026-11-27 02:16:55.614913');
INSERT INTO "trials" VALUES(8,7,1,'COMPLETE','2026-11-27 02:16:55.633461','2026-11-27 02:18:30.695675');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 02:18:30.708600','2026-11-27 02:18:54.835885');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-27 02:18:54.854270','2026-11-27 02:19:03.113542');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 02:19:03.125950','2026-11-27 02:19:11.368064');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 02:19:11.387912','2026-11-27 02:19:22.346933');
INSERT INTO "trials" VALUES(13,12,1,'COMPLETE','2026-11-27 02:19:22.371600','2026-11-27 02:20:53.265831');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 02:20:53.281880','2026-11-27 02:22:21.406642');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 02:22:21.425122','2026-11-27 02:22:31.976351');
INSERT INTO "trials" VALUES(16,15,1,'COMPLETE','2026-11-27 02:22:31.997365','2026-11-27 02:24:13.946586');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 02:24:13.966827','2026-11-27 02:24:24.915364');
INSERT INTO "trials" VALUES(18,17,1,'COMPLETE','2026-11-27 02:24:24.927257','2026-11-27 02:26:03.581867');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 02:26:03.599330','2026-11-27 02:26:29.710365');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 02:26:29.728128','2026-11-27 02:26:56.439797');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 02:26:56.459821','2026-11-27 02:28:27.201154');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
