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
INSERT INTO "studies" VALUES(1,'ditto');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,1.18300865800865812743e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,2.47467532467532426443e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,5.10146520146520093819e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,7.55998168498168560125e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,7.76501831501831552007e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,7.77216117216117108323e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,7.09093406593406666571e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,7.27692307692307666089e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,7.68644688644688628409e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,8.89413919413919451528e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,8.68644688644688717227e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,1.04003663003663010533e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,1.06336996336996336687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,1.18887362637362645201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,0.132518315018315,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,1.51309523809523782666e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,1.70976190476190503808e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,1.93455128205128223939e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,2.10172161172161198194e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.227481684981685,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,3,1,7.82628205128205189922e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,2,1.41905677655677658899e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,3,1.77591075591075592265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,4,2.39722943722943698796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,3,5,0.297012321012321,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,3,6,3.7045737595737593395e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,3,7,4.17568181818181838327e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,3,8,4.3999492174492182972e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,3,9,4.66081918081918122886e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,3,10,4.92661588411588358127e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,3,11,5.19000915750915670088e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,3,12,5.428332500832501184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,3,13,5.12348401598401670398e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,3,14,5.44547619047619058108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,3,15,5.45859890109890111276e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,3,16,0.542315934065934,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,3,17,0.567219696969697,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,3,18,5.65818181818181886733e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,3,19,5.76607142857142873637e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,3,20,5.84665584415584360655e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,4,1,4.63534798534798453406e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,2,4.40732600732600746096e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,3,6.01954711954711882415e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,4,5.69038461538461520783e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,5,7.2064102564102575088e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,5,1,0.0487967032967033,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,5,2,5.10998168498168481299e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,5,3,4.67962037962037918914e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,6,1,6.29935897435897479423e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,6,2,6.69001831501831456527e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,6,3,5.17842990342990347474e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,7,1,6.62133699633699751574e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,7,2,0.0520412087912088,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,8,1,1.88452380952380954548e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,8,2,7.68763736263736313647e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,9,1,5.30586080586080630072e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,9,2,5.07133699633699683295e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,10,1,1.49285714285714282006e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,10,2,0.0652371794871795,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,10,3,7.86327838827838854207e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,10,4,8.25641025641025705361e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,10,5,0.0790128205128205,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,10,6,7.76524309024309161708e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,10,7,9.64614552114552159522e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,10,8,1.03190392940392949849e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,10,9,1.3639552114552114248e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,10,10,1.33743922743922716289e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,10,11,1.41911172161172161043e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,10,12,1.70263653013653037948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,10,13,2.14703213453213442862e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,10,14,2.08097069597069611601e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,10,15,2.34618131868131823969e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,10,16,2.39147435897435950424e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,10,17,2.55657925407925423755e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,10,18,2.58899683649683687303e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,10,19,2.78334249084249085726e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,10,20,3.01905178155178088861e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,11,1,1.69967532467532461692e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,11,2,4.44075091575091562834e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,12,1,8.75219780219780169039e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,12,2,0.0841007326007326,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,12,3,1.13130452880452883612e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,12,4,1.45999084249084254416e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,12,5,1.98380452880452862185e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,12,6,2.51874875124875163834e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,12,7,2.87417998667998608741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,12,8,3.23060439560439560668e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,12,9,3.36782883782883735168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,12,10,3.69880952380952421343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,12,11,3.87097985347985396042e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,12,12,4.28354312354312316557e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,12,13,4.35750416250416272578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,12,14,4.58671245421245377116e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,12,15,4.75477106227106260938e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,12,16,4.61358058608058618776e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,12,17,4.89780636030636096212e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,12,18,0.519442057942058,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,12,19,5.25996003996004102276e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,12,20,5.2946744921744914869e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,13,1,9.04716117216117360344e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,13,2,7.69276556776556791339e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,13,3,1.16798035298035299267e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,13,4,1.51454212454212477911e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,13,5,1.6967024642024644554e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,13,6,2.39869963369963357102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,14,1,8.27362637362637209914e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,14,2,9.63562271062270853105e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,14,3,1.41522394272394269609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,14,4,1.78132783882783835016e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,14,5,2.19526057276057284806e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,14,6,2.80557692307692341238e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,14,7,0.348214701964702,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,14,8,3.68508658008657952187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,14,9,4.02031968031968056642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,14,10,4.2136163836163836871e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,14,11,4.31263736263736263687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,14,12,4.83749916749916741842e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,14,13,4.84119463869463917404e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,14,14,5.00491758241758177838e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,14,15,5.15095238095238161513e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,14,16,5.0350541125541137255e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,14,17,0.542561605061605,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,14,18,0.547955044955045,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,14,19,5.22970695970695897969e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,14,20,5.54646686646686593036e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,15,1,8.97747252747252838522e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,15,2,9.17014652014651876488e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,15,3,1.48769147519147520997e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,15,4,1.73061355311355302699e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,15,5,2.2230261405261406149e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,15,6,0.269739010989011,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,15,7,3.37331002331002327565e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,15,8,3.52017399267399277995e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,15,9,3.95689477189477112339e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,15,10,4.0961488511488508557e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,15,11,4.22630036630036676204e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,15,12,4.75333250083250058448e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,15,13,0.478214701964702,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,15,14,4.9319413919413918057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,15,15,5.03604395604395627117e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,15,16,4.86330086580086695668e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,15,17,5.4680835830835827771e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,15,18,5.39716949716949612181e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,16,1,8.53644688644688703904e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,16,2,9.14413919413919473733e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,16,3,1.20091991341991347064e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,16,4,1.52386446886446896842e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,16,5,1.85356643356643369102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,16,6,1.99311355311355326014e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,17,1,8.05888278388278284092e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,17,2,9.31923076923076854072e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,17,3,1.3382276057276054626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,17,4,2.03798534798534797252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,17,5,2.36301698301698337445e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,17,6,2.84298035298035267626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,17,7,3.60192723942723835861e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,17,8,4.14322344322344382483e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,17,9,4.43977938727938614693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,17,10,4.60325924075924097778e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,17,11,4.67636446886446843773e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,17,12,4.82184898434898479013e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,17,13,4.73635031635031678032e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,17,14,4.83054029304029353131e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,17,15,5.04953296703296805603e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,17,16,4.63557192807192763872e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,17,17,4.8676723276723277145e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,17,18,5.08554445554445511135e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,18,1,0.0783021978021978,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,18,2,0.0914624542124542,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,18,3,1.22991258741258754905e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,18,4,1.57332417582417560808e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,18,5,2.04047119547119570892e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,18,6,2.18537046287046288206e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,19,1,7.40054945054945123583e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,19,2,9.54560439560439566442e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,19,3,1.36318181818181810571e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,19,4,2.01013736263736253473e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,19,5,2.32022394272394294478e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,19,6,2.9275224775224772955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,19,7,3.41521478521478460965e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,19,8,3.88213369963369969717e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,19,9,4.28931235431235513555e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,19,10,4.51484432234432242481e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,19,11,4.73513736263736217946e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,19,12,5.09309440559440496087e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,19,13,5.0775532800532807709e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,19,14,0.517330586080586,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,19,15,5.38911172161172125072e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,19,16,5.0540567765567767644e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,19,17,5.09252997002997087605e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,19,18,5.59490759240759305548e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,19,19,5.34539377289377282131e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,19,20,0.541180735930736,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,20,1,8.28388278388278304076e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,20,2,9.57133699633699597253e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,20,3,1.55814518814518798706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,20,4,2.20842907092907103638e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,20,5,0.283287962037962,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,20,6,3.18548951048951090037e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,21,1,8.66208791208791240023e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,21,2,9.30192307692307845945e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,21,3,1.1232733932733934834e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,21,4,1.48159340659340665879e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,21,5,1.90895104895104916753e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,21,6,2.29915750915750893845e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',1.23516555288064890615e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'lam',9.59135607355482769365e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',1.64923950625843390715e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'lam',1.83528800744445544888e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',3.08756104179212127747e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,3,'lam',2.61106083217033969889e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',2.16175421203792239577e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(12,4,'lam',5.3585089958257080267e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',4.63229944123792314325e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,5,'lam',9.34852304582424742385e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',1.23109972910437459603e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(18,6,'lam',8.17694489250708755889e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.6581763112742756161e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,7,'lam',6.24941950986572514192e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',5.68068580738804139451e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(24,8,'lam',1.15435874206389316176e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',2.00775597647183307037e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,9,'lam',6.31555042797344364652e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',4.7942968380366409245e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(30,10,'lam',1.21007765543601451818e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',1.64735602812512505269e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,11,'lam',7.12302187297022756928e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',3.21075900206300585137e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(36,12,'lam',4.74131958273441611595e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',3.43090081736730639905e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,13,'lam',9.54792735173006335003e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',2.94288869056504136245e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(42,14,'lam',9.17156821353634188476e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',2.72576373758934772939e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(45,15,'lam',9.08721355890037330027e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',1.23357007381957022723e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(48,16,'lam',1.1925000157662652301e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',6.4141116252055985214e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(51,17,'lam',4.7382606933282722661e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',1.38067851033900068635e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(54,18,'lam',1.17683438064886927883e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',7.20590465970624843849e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(57,19,'lam',7.82103428697086489052e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',0.0756671965260213,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(60,20,'lam',2.67900073280662107122e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(61,21,'lr',7.11280760081081375734e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,21,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(63,21,'lam',2.60010855197451040687e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.07772161172161171');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.19345512820512822');
INSERT INTO "trial_system_attributes" VALUES(3,3,'completed_rung_0','0.14190567765567766');
INSERT INTO "trial_system_attributes" VALUES(4,3,'completed_rung_1','0.37045737595737593');
INSERT INTO "trial_system_attributes" VALUES(5,3,'completed_rung_2','0.5658181818181819');
INSERT INTO "trial_system_attributes" VALUES(6,7,'completed_rung_0','0.0520412087912088');
INSERT INTO "trial_system_attributes" VALUES(7,8,'completed_rung_0','0.07687637362637363');
INSERT INTO "trial_system_attributes" VALUES(8,9,'completed_rung_0','0.05071336996336997');
INSERT INTO "trial_system_attributes" VALUES(9,10,'completed_rung_0','0.2588996836496837');
INSERT INTO "trial_system_attributes" VALUES(10,11,'completed_rung_0','0.044407509157509156');
INSERT INTO "trial_system_attributes" VALUES(11,12,'completed_rung_0','0.25187487512487516');
INSERT INTO "trial_system_attributes" VALUES(12,12,'completed_rung_1','0.519442057942058');
INSERT INTO "trial_system_attributes" VALUES(13,13,'completed_rung_0','0.07692765567765568');
INSERT INTO "trial_system_attributes" VALUES(14,13,'completed_rung_1','0.23986996336996336');
INSERT INTO "trial_system_attributes" VALUES(15,14,'completed_rung_0','0.547955044955045');
INSERT INTO "trial_system_attributes" VALUES(16,15,'completed_rung_0','0.5397169497169496');
INSERT INTO "trial_system_attributes" VALUES(17,16,'completed_rung_0','0.19931135531135533');
INSERT INTO "trial_system_attributes" VALUES(18,17,'completed_rung_0','0.28429803529803527');
INSERT INTO "trial_system_attributes" VALUES(19,17,'completed_rung_1','0.5085544455544455');
INSERT INTO "trial_system_attributes" VALUES(20,18,'completed_rung_0','0.0914624542124542');
INSERT INTO "trial_system_attributes" VALUES(21,18,'completed_rung_1','0.2185370462870463');
INSERT INTO "trial_system_attributes" VALUES(22,19,'completed_rung_0','0.29275224775224773');
INSERT INTO "trial_system_attributes" VALUES(23,19,'completed_rung_1','0.5594907592407593');
INSERT INTO "trial_system_attributes" VALUES(24,20,'completed_rung_0','0.09571336996336996');
INSERT INTO "trial_system_attributes" VALUES(25,20,'completed_rung_1','0.3185489510489511');
INSERT INTO "trial_system_attributes" VALUES(26,21,'completed_rung_0','0.2299157509157509');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','183.51');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','3.4275694934138055');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,3,'seconds','174.432');
INSERT INTO "trial_user_attributes" VALUES(6,3,'val_loss','3.6327529325421715');
INSERT INTO "trial_user_attributes" VALUES(7,3,'round','20');
INSERT INTO "trial_user_attributes" VALUES(8,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,4,'diverged','"training loss 6239 at round 5 is 1.34e+03 x the first round''s 4.646 (limit 1000 x): training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','46.414');
INSERT INTO "trial_user_attributes" VALUES(11,5,'diverged','"training loss 2.02e+23 at round 3 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(12,5,'seconds','29.246');
INSERT INTO "trial_user_attributes" VALUES(13,6,'diverged','"training loss 3.925e+15 at round 3 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(14,6,'seconds','27.596');
INSERT INTO "trial_user_attributes" VALUES(15,7,'seconds','16.56');
INSERT INTO "trial_user_attributes" VALUES(16,8,'seconds','18.368');
INSERT INTO "trial_user_attributes" VALUES(17,9,'seconds','16.259');
INSERT INTO "trial_user_attributes" VALUES(18,10,'seconds','171.867');
INSERT INTO "trial_user_attributes" VALUES(19,10,'val_loss','3.4013045479186648');
INSERT INTO "trial_user_attributes" VALUES(20,10,'round','20');
INSERT INTO "trial_user_attributes" VALUES(21,10,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,11,'seconds','18.054');
INSERT INTO "trial_user_attributes" VALUES(23,12,'seconds','179.496');
INSERT INTO "trial_user_attributes" VALUES(24,12,'val_loss','2.255573298018653');
INSERT INTO "trial_user_attributes" VALUES(25,12,'round','20');
INSERT INTO "trial_user_attributes" VALUES(26,12,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(27,13,'seconds','48.621');
INSERT INTO "trial_user_attributes" VALUES(28,14,'seconds','169.807');
INSERT INTO "trial_user_attributes" VALUES(29,14,'val_loss','2.350566060382368');
INSERT INTO "trial_user_attributes" VALUES(30,14,'round','20');
INSERT INTO "trial_user_attributes" VALUES(31,14,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(32,15,'seconds','153.745');
INSERT INTO "trial_user_attributes" VALUES(33,16,'seconds','54.303');
INSERT INTO "trial_user_attributes" VALUES(34,17,'seconds','155.934');
INSERT INTO "trial_user_attributes" VALUES(35,18,'seconds','50.128');
INSERT INTO "trial_user_attributes" VALUES(36,19,'seconds','179.424');
INSERT INTO "trial_user_attributes" VALUES(37,19,'val_loss','2.214959478808926');
INSERT INTO "trial_user_attributes" VALUES(38,19,'round','18');
INSERT INTO "trial_user_attributes" VALUES(39,19,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(40,20,'seconds','54.752');
INSERT INTO "trial_user_attributes" VALUES(41,21,'seconds','47.452');
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
INSERT INTO "trial_values" VALUES(1,1,0,0.227481684981685,'FINITE');
INSERT INTO "trial_values" VALUES(2,3,0,5.84665584415584360655e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,4,0,7.2064102564102575088e-02,'FINITE');
INSERT INTO "trial_values" VALUES(4,5,0,4.67962037962037918914e-02,'FINITE');
INSERT INTO "trial_values" VALUES(5,6,0,5.17842990342990347474e-02,'FINITE');
INSERT INTO "trial_values" VALUES(6,7,0,0.0520412087912088,'FINITE');
INSERT INTO "trial_values" VALUES(7,8,0,7.68763736263736313647e-02,'FINITE');
INSERT INTO "trial_values" VALUES(8,9,0,5.07133699633699683295e-02,'FINITE');
INSERT INTO "trial_values" VALUES(9,10,0,3.01905178155178088861e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,11,0,4.44075091575091562834e-02,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,5.2946744921744914869e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,2.39869963369963357102e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,14,0,5.54646686646686593036e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,15,0,5.39716949716949612181e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,16,0,1.99311355311355326014e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,17,0,5.08554445554445511135e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,18,0,2.18537046287046288206e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,19,0,5.59490759240759305548e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,20,0,3.18548951048951090037e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,21,0,2.29915750915750893845e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 08:10:42.988622','2026-11-27 08:13:46.598052');
INSERT INTO "trials" VALUES(2,1,1,'FAIL','2026-11-27 08:13:46.612203','2026-11-27 16:48:37.001419');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 16:48:37.017678','2026-11-27 16:51:31.539971');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 16:51:31.556139','2026-11-27 16:52:18.025614');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 16:52:18.042052','2026-11-27 16:52:47.360552');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 16:52:47.388852','2026-11-27 16:53:15.050985');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 16:53:15.069728','2026-11-27 16:53:31.689580');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 16:53:31.707379','2026-11-27 16:53:50.139888');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 16:53:50.152305','2026-11-27 16:54:06.472558');
INSERT INTO "trials" VALUES(10,9,1,'COMPLETE','2026-11-27 16:54:06.493309','2026-11-27 16:56:58.426416');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 16:56:58.449584','2026-11-27 16:57:16.561391');
INSERT INTO "trials" VALUES(12,11,1,'COMPLETE','2026-11-27 16:57:16.583595','2026-11-27 17:00:16.173174');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 17:00:16.191042','2026-11-27 17:01:04.871200');
INSERT INTO "trials" VALUES(14,13,1,'COMPLETE','2026-11-27 17:01:04.889695','2026-11-27 17:03:54.757721');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 17:03:54.780290','2026-11-27 17:06:28.602662');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 17:06:28.627309','2026-11-27 17:07:22.994009');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 17:07:23.006815','2026-11-27 17:09:58.990175');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 17:09:59.002502','2026-11-27 17:10:49.188072');
INSERT INTO "trials" VALUES(19,18,1,'COMPLETE','2026-11-27 17:10:49.205496','2026-11-27 17:13:48.704487');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 17:13:48.723913','2026-11-27 17:14:43.534546');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 17:14:43.547853','2026-11-27 17:15:31.049948');
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
